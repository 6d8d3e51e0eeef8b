import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startAppServer, type AppServer } from './support/appServer';
import { launchBrowser } from './support/browser';
import { logIn, newPage, reloadPage } from './support/session';

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Manifest {
  name: string;
  short_name: string;
  lang: string;
  display: string;
  start_url: string;
  scope: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

/** Waits until the app has registered the service worker and it controls the page. */
async function waitForServiceWorkerControl(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const registration = await Promise.race([
      navigator.serviceWorker.ready,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('the app registered no active service worker in 30 s')), 30000),
      ),
    ]);
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
    }
    return registration.active?.scriptURL ?? '';
  });
}

/** What a fetch of `url` from the page gets: 'status 200' or 'failed: …' without an answer. */
function fetchFromPage(page: Page, url: string): Promise<string> {
  return page.evaluate(
    (target) =>
      fetch(target, { cache: 'no-store' }).then(
        (response) => `status ${response.status}`,
        (error: unknown) => `failed: ${String(error)}`,
      ),
    url,
  );
}

/** Every URL in the page's Cache Storage, without Workbox's revision parameter. */
function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(request.url.replace(/\?__WB_REVISION__=\w+$/, ''));
    }
    return urls;
  });
}

describe('the installable app (PWA)', () => {
  let context: BrowserContext;
  let page: Page;

  const cspViolations: string[] = [];

  beforeAll(async () => {
    page = await newPage(browser);
    context = page.context();
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) cspViolations.push(message.text());
    });
  });
  afterAll(async () => {
    await context?.close();
  });

  it('links a German web app manifest with its icons', async () => {
    await page.goto(server.url);
    await page.getByLabel('Benutzername').waitFor();

    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('./manifest.webmanifest');
    const manifestUrl = new URL(href!, `${server.url}/`).href;
    const response = await fetch(manifestUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const manifest = (await response.json()) as Manifest;
    expect(manifest).toMatchObject({
      name: 'Werkboard',
      short_name: 'Werkboard',
      lang: 'de',
      display: 'standalone',
      start_url: './',
      scope: './',
    });
    const icons = manifest.icons.filter((icon) => icon.type === 'image/png');
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    for (const src of [
      ...icons.map((icon) => new URL(icon.src, manifestUrl).href),
      new URL(appleIcon!, `${server.url}/`).href,
    ]) {
      const icon = await fetch(src);
      expect(`${src} ${icon.status} ${icon.headers.get('content-type')}`).toBe(`${src} 200 image/png`);
    }
  });

  it('installs the service worker, which precaches the app shell but no /api answer', async () => {
    const scriptUrl = await waitForServiceWorkerControl(page);
    expect(scriptUrl).toBe(`${server.url}/sw.js`);
    const sw = await fetch(scriptUrl);
    expect(sw.headers.get('content-type')).toMatch(/javascript/);
    expect(sw.headers.get('cache-control')).toBe('no-cache');

    // An /api request while online goes to the server, and is not kept anywhere.
    await expect(fetchFromPage(page, '/api/status')).resolves.toBe('status 200');
    const urls = await cachedUrls(page);
    expect(urls).toEqual(expect.arrayContaining([`${server.url}/index.html`, `${server.url}/manifest.webmanifest`]));
    expect(urls.some((url) => url.includes('/assets/index-') && url.endsWith('.js'))).toBe(true);
    expect(urls.filter((url) => new URL(url).pathname.startsWith('/api/'))).toEqual([]);
  });

  it('is installable for Chromium (manifest, icons, worker), with nothing refused by the CSP', async () => {
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    // Playwright's contexts are incognito windows, where Chromium never installs; nothing else may be missing.
    expect(installabilityErrors.map((error) => error.errorId)).toEqual(['in-incognito']);
    await cdp.detach();
    expect(cspViolations).toEqual([]);
  });

  it('opens the login page after a reload without network; /api requests then fail', async () => {
    await context.setOffline(true);
    try {
      await reloadPage(page);
      await page.getByLabel('Benutzername').waitFor();
      await page.getByRole('heading', { level: 1, name: 'Werkboard' }).waitFor();
      // Offline an /api request gets no answer from a cache: it fails like any network error.
      await expect(fetchFromPage(page, '/api/status')).resolves.toMatch(/^failed: TypeError/);
      await expect(fetchFromPage(page, '/api/auth/me')).resolves.toMatch(/^failed: TypeError/);
      // A navigation to an /api address is not answered with the app shell either.
      await expect(page.goto(`${server.url}/api/status`)).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
    } finally {
      await context.setOffline(false);
    }
  });

  it("asks the open window to sync on the worker's Background Sync event 'werkboard-sync'", async () => {
    await page.goto(server.url);
    await waitForServiceWorkerControl(page);
    await page.evaluate(() => {
      const received: unknown[] = [];
      (window as unknown as { received: unknown[] }).received = received;
      navigator.serviceWorker.addEventListener('message', (event: MessageEvent<unknown>) => {
        received.push({ data: event.data, ports: event.ports.length });
      });
    });
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((registration) => registration.scopeURL === `${server.url}/`);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin: server.url,
      registrationId: await registrationId,
      tag: 'werkboard-sync',
      lastChance: false,
    });
    await page.waitForFunction(() => (window as unknown as { received: unknown[] }).received.length > 0);
    await expect(page.evaluate(() => (window as unknown as { received: unknown[] }).received)).resolves.toEqual([
      { data: { type: 'werkboard-sync' }, ports: 1 },
    ]);
    await cdp.detach();
  });
});

/** What Chromium fires when it would offer installation (headless Chromium never does by itself). */
async function offerInstallation(page: Page): Promise<void> {
  await page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: () => Promise.resolve(),
      userChoice: Promise.resolve({ outcome: 'dismissed', platform: 'web' }),
    });
    window.dispatchEvent(offer);
  });
}

describe('the install prompt', () => {
  it("is offered on the login screen and as the app shell's card, which stays away for 7 days once dismissed", async () => {
    const page = await newPage(browser);
    await page.goto(`${server.url}/#/login`);
    await page.getByLabel('Benutzername').waitFor();
    await offerInstallation(page);
    await page.getByRole('button', { name: 'App installieren' }).waitFor();

    await logIn(page, server.url, 'admin', server.adminPassword);
    const card = page.getByRole('complementary', { name: 'Werkboard als App installieren' });
    await card.waitFor();
    await card.getByRole('button', { name: 'Später' }).click();
    await card.waitFor({ state: 'detached' });
    const dismissedAt = Number(await page.evaluate(() => localStorage.getItem('werkboard-install-dismissed-at')));
    expect(Math.abs(Date.now() - dismissedAt)).toBeLessThan(60000);

    await reloadPage(page);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await offerInstallation(page);
    await page.waitForTimeout(300);
    await expect(card.count()).resolves.toBe(0);
    await page.context().close();
  });
});

describe('the installed app offline after login', () => {
  it('opens the app shell of the signed-in user after a reload without network', async () => {
    const page = await newPage(browser);
    await logIn(page, server.url, 'admin', server.adminPassword);
    await waitForServiceWorkerControl(page);
    await page.context().setOffline(true);
    await reloadPage(page);
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).waitFor();
    expect(page.url()).not.toMatch(/#\/login$/);
    await page.context().close();
  });
});
