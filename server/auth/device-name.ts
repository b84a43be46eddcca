import type { SignedInDevice } from '../../contract/sessions.ts';
import type { SessionRow } from './sessions.ts';

/** A device as a person recognises it: its browser and operating system, each null when not recognised. */
export interface DeviceName {
  browser: string | null;
  os: string | null;
}

// Order matters: Edge, Opera and Samsung Internet also say "Chrome", Chrome also says "Safari".
const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/\biPad\b/, 'iPad'],
  [/\b(iPhone|iPod)\b/, 'iPhone'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const firstMatch = (userAgent: string, table: Array<[RegExp, string]>) => table.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;

/** The browser and system of a User-Agent: the few common ones by name, anything else null. */
export function deviceName(userAgent: string | null | undefined): DeviceName {
  if (!userAgent) return { browser: null, os: null };
  return { browser: firstMatch(userAgent, BROWSERS), os: firstMatch(userAgent, SYSTEMS) };
}

/** A session as the signed-in devices list shows it: by its number, never its hash. */
export function presentDevice(session: SessionRow & { current: boolean }): SignedInDevice {
  return {
    id: session.number,
    ...deviceName(session.userAgent),
    signedInAt: session.createdAt.toISOString(),
    lastUsedAt: session.lastUsedAt.toISOString(),
    current: session.current,
  };
}
