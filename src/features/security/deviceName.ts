/**
 * A first name for a new passkey: the kind of device it is made on, by its maker's name (which
 * no language translates), read from the browser's user agent; null when it does not say.
 */
const DEVICES: ReadonlyArray<[RegExp, string]> = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/CrOS/, 'Chromebook'],
  [/Macintosh|Mac OS X/, 'Mac'],
  [/Windows/, 'Windows'],
  [/Linux/, 'Linux'],
];

export function deviceName(userAgent: string = globalThis.navigator?.userAgent ?? ''): string | null {
  return DEVICES.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
}
