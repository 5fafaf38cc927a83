/**
 * What a person recognises of a browser's User-Agent text: whether it is a phone, a tablet or a
 * computer, its system and its browser ("Chrome 126 on Android 14"). A short table of the
 * browsers and systems people use, read in order (Edge, Opera, Samsung Internet and the others
 * built on Chrome name Chrome too, so they come first); anything else is left unnamed rather than
 * guessed. The names are product names, the same in every language.
 */
import type { Device } from './devices';

type DeviceKind = Device['kind'];

interface Named {
  name: string;
  version: string | null;
}

/** Browsers, most specific first: [name, pattern whose first group is the major version]. */
const BROWSERS: ReadonlyArray<readonly [string, RegExp]> = [
  ['Edge', /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /\b(?:OPR|OPT|OPiOS)\/(\d+)/],
  ['Samsung Internet', /\bSamsungBrowser\/(\d+)/],
  ['Yandex Browser', /\bYaBrowser\/(\d+)/],
  ['UC Browser', /\bUCBrowser\/(\d+)/],
  ['WeChat', /\bMicroMessenger\/(\d+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  ['Chromium', /\bChromium\/(\d+)/],
  ['Chrome', /\b(?:Chrome|CriOS)\/(\d+)/],
  ['Safari', /\bVersion\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\//],
  ['curl', /^curl\/(\d+)/],
];

function browserOf(text: string): Named | null {
  for (const [name, pattern] of BROWSERS) {
    const match = pattern.exec(text);
    if (match) return { name, version: match[1] ?? null };
  }
  return null;
}

const WINDOWS_VERSIONS: Record<string, string> = { '6.1': '7', '6.2': '8', '6.3': '8.1' };

function systemOf(text: string): { kind: DeviceKind; os: Named | null } {
  const ios = /\b(iPhone|iPod|iPad)\b.*?\bOS (\d+)[_\d]* like Mac OS X/.exec(text);
  if (ios) return { kind: ios[1] === 'iPad' ? 'tablet' : 'phone', os: { name: ios[1] === 'iPad' ? 'iPadOS' : 'iOS', version: ios[2] } };
  if (/\b(?:iPhone|iPod)\b/.test(text)) return { kind: 'phone', os: { name: 'iOS', version: null } };
  if (/\biPad\b/.test(text)) return { kind: 'tablet', os: { name: 'iPadOS', version: null } };
  const android = /\bAndroid(?: (\d+))?/.exec(text);
  if (android) return { kind: /\bMobile\b/.test(text) ? 'phone' : 'tablet', os: { name: 'Android', version: android[1] ?? null } };
  if (/\bHarmonyOS\b/.test(text)) return { kind: /\bMobile\b/.test(text) ? 'phone' : 'tablet', os: { name: 'HarmonyOS', version: null } };
  const windows = /\bWindows NT (\d+\.\d+)/.exec(text);
  if (windows) return { kind: 'computer', os: { name: 'Windows', version: WINDOWS_VERSIONS[windows[1]] ?? null } };
  if (/\bMacintosh\b|\bMac OS X\b/.test(text)) return { kind: 'computer', os: { name: 'macOS', version: null } };
  if (/\bCrOS\b/.test(text)) return { kind: 'computer', os: { name: 'ChromeOS', version: null } };
  if (/\bLinux\b|\bX11\b/.test(text)) return { kind: 'computer', os: { name: 'Linux', version: null } };
  return { kind: 'unknown', os: null };
}

const named = (part: Named | null) => (part ? (part.version ? `${part.name} ${part.version}` : part.name) : null);

/** The device a User-Agent text names; an absent or unrecognised one is `unknown` with no names. */
export function deviceOf(userAgent: string | null | undefined): Device {
  const text = (userAgent ?? '').slice(0, 512);
  const { kind, os } = systemOf(text);
  return { kind, os: named(os), browser: named(browserOf(text)) };
}

/**
 * The device without versions ("phone|Android|Chrome"): two sign-ins with the same one count as
 * the same device, so that a browser's or a system's update does not make a device new.
 */
export function deviceKeyOf(userAgent: string | null | undefined): string {
  const text = (userAgent ?? '').slice(0, 512);
  const { kind, os } = systemOf(text);
  return [kind, os?.name ?? '', browserOf(text)?.name ?? ''].join('|');
}
