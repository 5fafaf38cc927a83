/** The device a person recognises in a User-Agent text, and what counts as the same device. */
import { describe, expect, test } from 'vitest';
import { deviceKeyOf, deviceOf } from '../../../src/domain/user-agent';

const SAMPLES: Array<[string, ReturnType<typeof deviceOf>]> = [
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    { kind: 'phone', os: 'iOS 17', browser: 'Safari 17' },
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
    { kind: 'phone', os: 'iOS 17', browser: 'Chrome 126' },
  ],
  [
    'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15',
    { kind: 'tablet', os: 'iPadOS 16', browser: 'Firefox 127' },
  ],
  ['Mozilla/5.0 (Linux; Android 14; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36', { kind: 'phone', os: 'Android 14', browser: 'Chrome 126' }],
  [
    'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Safari/537.36',
    { kind: 'tablet', os: 'Android 13', browser: 'Samsung Internet 25' },
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.68',
    { kind: 'computer', os: 'Windows', browser: 'Edge 126' },
  ],
  ['Mozilla/5.0 (Windows NT 6.1; Win64; x64; rv:115.0) Gecko/20100101 Firefox/115.0', { kind: 'computer', os: 'Windows 7', browser: 'Firefox 115' }],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15',
    { kind: 'computer', os: 'macOS', browser: 'Safari 17' },
  ],
  [
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0',
    { kind: 'computer', os: 'Linux', browser: 'Opera 111' },
  ],
  ['Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36', { kind: 'computer', os: 'ChromeOS', browser: 'Chrome 126' }],
  ['curl/8.5.0', { kind: 'unknown', os: null, browser: 'curl 8' }],
];

describe('deviceOf', () => {
  test.each(SAMPLES)('%s', (userAgent, device) => {
    expect(deviceOf(userAgent)).toEqual(device);
  });

  test('nothing, or nothing recognisable: an unknown device with no names', () => {
    for (const userAgent of [null, undefined, '', 'lightMyRequest', 'x'.repeat(10_000)]) {
      expect(deviceOf(userAgent)).toEqual({ kind: 'unknown', os: null, browser: null });
    }
  });
});

describe('deviceKeyOf', () => {
  test("a browser's or a system's update is the same device; another browser on it is not", () => {
    const safari17 = SAMPLES[0][0];
    const safari18 = safari17.replace('OS 17_5', 'OS 18_1').replace('Version/17.5', 'Version/18.1');
    expect(deviceKeyOf(safari18)).toBe(deviceKeyOf(safari17));
    expect(deviceKeyOf(safari17)).toBe('phone|iOS|Safari');
    expect(deviceKeyOf(SAMPLES[1][0])).not.toBe(deviceKeyOf(safari17));
    expect(deviceKeyOf(null)).toBe('unknown||');
  });
});
