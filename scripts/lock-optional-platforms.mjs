/**
 * Records in package-lock.json the optional platform builds (other OS / CPU) that the registry
 * these machines reach does not serve, so `npm ci` accepts the lock file on a fresh clone.
 * npm never installs them here: their os/cpu (read from the package name) do not match.
 * Run after `npm install` changes the lock: `node scripts/lock-optional-platforms.mjs`.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const OS = ['android', 'darwin', 'freebsd', 'linux', 'win32', 'openbsd', 'netbsd', 'sunos', 'aix', 'openharmony'];
const CPU = { x64: 'x64', ia32: 'ia32', arm64: 'arm64', arm: 'arm', 'arm-gnueabihf': 'arm', 'arm-musleabihf': 'arm', riscv64: 'riscv64', ppc64: 'ppc64', s390x: 's390x', loong64: 'loong64', mips64el: 'mips64el', loongarch64: 'loong64', universal: 'arm64', wasm32: 'wasm32' };

function platformOf(name) {
  const base = name.split('/').pop();
  if (/wasm32/.test(base)) return { cpu: ['wasm32'] };
  const os = OS.find((candidate) => base.includes(`-${candidate}-`) || base.endsWith(`-${candidate}`));
  const rest = os ? base.slice(base.indexOf(`-${os}`) + os.length + 2) : '';
  const cpuKey = Object.keys(CPU).sort((a, b) => b.length - a.length).find((key) => rest.startsWith(key));
  if (!os || !cpuKey) return null;
  return { os: [os], cpu: [CPU[cpuKey]] };
}

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;
let added = 0;
for (const [where, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    // Resolved the way node does: next to the dependent first, then up towards the root.
    const parts = where ? where.split('/node_modules/') : [];
    let found = false;
    for (let depth = parts.length; depth >= 0 && !found; depth--) {
      const prefix = parts.slice(0, depth).join('/node_modules/');
      found = `${prefix ? `${prefix}/` : ''}node_modules/${name}` in packages;
    }
    if (found) continue;
    const platform = platformOf(name);
    if (!platform) throw new Error(`${name} (optional for ${where || 'the root'}) is missing and is no platform build`);
    packages[`node_modules/${name}`] = { version, optional: true, ...platform };
    added++;
  }
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} platform build(s) of other systems recorded`);
