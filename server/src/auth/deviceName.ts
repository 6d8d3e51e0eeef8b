import { de } from '@werkboard/common';

/** The first pattern that matches names the browser; order matters (Edge and Opera say Chrome too). */
const BROWSERS: readonly [RegExp, string][] = [
  [/Electron\//, de.sessions.desktopApp],
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|Chromium\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

const firstMatch = (userAgent: string, table: readonly [RegExp, string][]) =>
  table.find(([pattern]) => pattern.test(userAgent))?.[1];

/**
 * What the device list shows for a login: browser and system read from its User-Agent (e.g.
 * 'Chrome auf Android'), not the raw header, which is long and says nothing to a fitter.
 */
export function deviceName(userAgent: string | undefined): string {
  const agent = userAgent ?? '';
  const browser = firstMatch(agent, BROWSERS) ?? de.sessions.unknownBrowser;
  const system = firstMatch(agent, SYSTEMS) ?? de.sessions.unknownSystem;
  return de.sessions.device(browser, system);
}
