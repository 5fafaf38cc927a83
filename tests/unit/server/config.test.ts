import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { CONFIG_TABLE, CONFIG_VARIABLES, ConfigError, loadConfig } from '../../../server/config';

describe('loadConfig', () => {
  test('defaults give a working local setup', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      // The demo accounts of the embedded default stay on this computer (their credentials are published).
      host: '127.0.0.1',
      hostChosen: false,
      dataDir: path.resolve('./data'),
      uploadsDir: path.resolve('./data/uploads'),
      publicDir: path.resolve('./dist'),
      databaseUrl: null,
      smtpUrl: null,
      smsProvider: 'log',
      sessionTtlHours: 720,
      codePepper: null,
      secretsKey: null,
      usdtEurRate: '0.92',
      trustProxy: false,
      logLevel: 'info',
    });
    expect(config.explicit.size).toBe(0);
  });

  test('HOST: loopback only with the demo accounts unless set; every interface without them', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ SEED_DEMO: 'false' }).host).toBe('0.0.0.0');
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/tessera' }).host).toBe('0.0.0.0');
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/tessera', SEED_DEMO: 'true' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' })).toMatchObject({ host: '0.0.0.0', hostChosen: true });
  });

  test('PUBLIC_ORIGIN: the origin passkeys are bound to, http://localhost with the port by default', () => {
    expect(loadConfig({}).publicOrigin).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '9000' }).publicOrigin).toBe('http://localhost:9000');
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://app.example.com/' }).publicOrigin).toBe('https://app.example.com');
    expect(loadConfig({ PUBLIC_ORIGIN: 'http://tessera.localhost:5173' }).publicOrigin).toBe('http://tessera.localhost:5173');
    const refused: Array<[string, RegExp]> = [
      ['https://app.example.com/h5/', /no path/],
      ['app.example.com', /origin/],
      ['ftp://app.example.com', /origin/],
      ['https://192.168.1.20:8080', /not an IP address/],
      ['http://127.0.0.1:8080', /not an IP address/],
      ['https://[::1]:8080', /not an IP address/],
      ['http://app.example.com', /https:\/\//],
    ];
    for (const [value, message] of refused) {
      expect(() => loadConfig({ PUBLIC_ORIGIN: value }), value).toThrow(ConfigError);
      expect(() => loadConfig({ PUBLIC_ORIGIN: value }), value).toThrow(message);
    }
  });

  test('a bad value stops the start with the variable named', () => {
    const attempts: Array<[Record<string, string>, RegExp]> = [
      [{ PORT: 'eighty' }, /PORT="eighty"/],
      [{ PORT: '70000' }, /PORT/],
      [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL.*postgres/],
      [{ USDT_EUR_RATE: '0' }, /USDT_EUR_RATE/],
      [{ USDT_EUR_RATE: '0.1234567' }, /USDT_EUR_RATE/],
      [{ USDT_EUR_RATE: '1e3' }, /USDT_EUR_RATE/],
      [{ SUPPORT_URL: 'not a url' }, /SUPPORT_URL/],
      [{ CODE_PEPPER: 'short' }, /CODE_PEPPER.*16/],
      [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
      [{ SMS_PROVIDER: 'twilio' }, /SMS_PROVIDER/],
    ];
    for (const [env, message] of attempts) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(message);
    }
  });

  test('explicit values are kept and remembered as explicit; empty means unset', () => {
    const config = loadConfig({ PORT: '9000', USDT_EUR_RATE: '0.915', SUPPORT_URL: '', TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' });
    expect(config.port).toBe(9000);
    expect(config.usdtEurRate).toBe('0.915');
    expect(config.trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect([...config.explicit].sort()).toEqual(['PORT', 'TRUST_PROXY', 'USDT_EUR_RATE']);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  test('the documented table names exactly the variables that are read', () => {
    expect(CONFIG_TABLE.map((row) => row.name).sort()).toEqual([...CONFIG_VARIABLES].sort());
  });
});
