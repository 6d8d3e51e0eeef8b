import { type Browser, type BrowserContext, type BrowserContextOptions, chromium } from 'playwright-core';

/** Debian's Chromium (apt-get install chromium); Playwright cannot download a browser here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The browsers a test file has open, for the report of what they showed when a test failed
 * (support/failureEnvironment.js reads this set from the test file's global object).
 */
function openBrowsers(): Set<Browser> {
  const global = globalThis as { __werkboardBrowsers?: Set<Browser> };
  global.__werkboardBrowsers ??= new Set();
  return global.__werkboardBrowsers;
}

/** `extra`: more flags, and the environment (e.g. a HOME whose NSS database trusts a certificate). */
export async function launchBrowser(extra: { args?: string[]; env?: Record<string, string> } = {}): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    ...(extra.env ? { env: { ...process.env, ...extra.env } } : {}),
    args: [
      ...(extra.args ?? []),
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  openBrowsers().add(browser);
  browser.on('disconnected', () => openBrowsers().delete(browser));
  return browser;
}

/** A fitter's phone: 390x844, touch as the primary pointer, a German locale. `options` add to it. */
export const PHONE_VIEWPORT = { width: 390, height: 844 };

export function phoneContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ locale: 'de-DE', viewport: PHONE_VIEWPORT, hasTouch: true, isMobile: true, ...options });
}
