import { type Browser, type BrowserContext, type BrowserContextOptions, chromium } from 'playwright-core';

/** Debian's Chromium (apt-get install chromium); Playwright cannot download a browser here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** `extra`: more flags, and the environment (e.g. a HOME whose NSS database trusts a certificate). */
export function launchBrowser(extra: { args?: string[]; env?: Record<string, string> } = {}): Promise<Browser> {
  return chromium.launch({
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
}

/** A fitter's phone: 390x844, touch as the primary pointer, a German locale. `options` add to it. */
export const PHONE_VIEWPORT = { width: 390, height: 844 };

export function phoneContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ locale: 'de-DE', viewport: PHONE_VIEWPORT, hasTouch: true, isMobile: true, ...options });
}
