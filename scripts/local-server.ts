/** Whether our server answers on the configured port: the embedded database belongs to one process at a time. */
import type { Config } from '../server/config';

/** True when something answers like our server on the configured port. */
export async function serverIsUp(config: Config): Promise<boolean> {
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  try {
    const response = await fetch(`http://${host.includes(':') ? `[${host}]` : host}:${config.port}/api/health`, { signal: AbortSignal.timeout(1500) });
    return response.ok;
  } catch {
    return false;
  }
}
