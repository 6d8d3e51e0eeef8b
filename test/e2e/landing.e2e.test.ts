import type { Browser, BrowserContext, Page, Request, Response, Route } from 'playwright-core';
import { startAppServer, type AppServer } from './support/appServer';
import { clickProjectAction, projectWithCards } from './support/board';
import { launchBrowser, PHONE_VIEWPORT } from './support/browser';
import { apiJson, apiToken, logIn, reloadPage } from './support/session';

/**
 * Issue 19, the first load of a signed-in visitor: the landing page's chunks are preloaded
 * (modulepreload links from the build's route table) and its first reads start with the data
 * cache, not one after the other. Each test holds one response back until what should run in
 * parallel with it has been requested: before, that never happened while it was held.
 */

/** How long a held response waits for what it waits on; after that it is let through. */
const HOLD_MS = 10000;
/** How long the test of the other pages' chunks holds the landing page's first read. */
const READ_HELD_MS = 6000;

let server: AppServer;
let browser: Browser;
let session: { origin: string; localStorage: { name: string; value: string }[] };

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  // A session stored by a login through the screen, for fresh contexts (empty HTTP cache).
  const context = await browser.newContext({ locale: 'de-DE', serviceWorkers: 'block' });
  const page = await context.newPage();
  await logIn(page, server.url, 'admin', server.adminPassword);
  const state = await context.storageState();
  const origin = state.origins.find((entry) => entry.origin === new URL(server.url).origin);
  if (!origin) throw new Error('no stored session after the login');
  session = origin;
  await context.close();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * A phone with the stored session and nothing cached; no service worker, so that every request
 * goes to the network where the test can hold it.
 */
function signedInPhone(): Promise<BrowserContext> {
  return browser.newContext({
    locale: 'de-DE',
    viewport: PHONE_VIEWPORT,
    hasTouch: true,
    isMobile: true,
    serviceWorkers: 'block',
    storageState: { cookies: [], origins: [session] },
  });
}

/** Resolves when a request matching `pattern` is sent, or with false after HOLD_MS. */
function requested(context: BrowserContext, pattern: RegExp): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), HOLD_MS);
    const seen = (request: Request) => {
      if (!pattern.test(request.url())) return;
      clearTimeout(timer);
      context.off('request', seen);
      resolve(true);
    };
    context.on('request', seen);
  });
}

/** Holds back the response of `held` until a request matching `until` is sent; says whether it was. */
async function holdUntilRequested(context: BrowserContext, held: RegExp, until: RegExp): Promise<() => boolean> {
  let sentWhileHeld = false;
  const waiting = requested(context, until);
  await context.route(held, async (route: Route) => {
    sentWhileHeld = await waiting;
    await route.continue();
  });
  return () => sentWhileHeld;
}

/** The hrefs of the page's modulepreload links (the build's, vite's and landing.js's). */
function modulePreloads(page: Page): Promise<string[]> {
  return page
    .locator('link[rel="modulepreload"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
}

/** zod's own error code, in no other chunk (its catalogue of issue codes). */
const ZOD = 'invalid_type';
/** The progress chart's bar colour (utils/progressChart.ts), in no other chunk. */
const PROGRESS_CHART = '#3fbf6f';

/** The JavaScript responses of `context` as they arrive. */
function scriptResponses(context: BrowserContext): Response[] {
  const scripts: Response[] = [];
  context.on('response', (response) => {
    if (/\.js$/.test(new URL(response.url()).pathname)) scripts.push(response);
  });
  return scripts;
}

/** The URLs of those of `responses` whose script contains `marker`. */
async function scriptsWith(responses: Response[], marker: string): Promise<string[]> {
  const urls = await Promise.all(
    responses.map(async (response) => ((await response.text()).includes(marker) ? response.url() : null)),
  );
  return urls.filter((url) => url !== null);
}

describe('the first load of a signed-in visitor', () => {
  it("preloads the landing page's chunks with the shell's, and starts its reads before the page's chunk is there", async () => {
    const context = await signedInPhone();
    const usersChunkWithShell = await holdUntilRequested(
      context,
      /\/assets\/frame-[^/]+\.js$/,
      /\/UsersPage-[^/]+\.js$/,
    );
    const usersReadWithChunk = await holdUntilRequested(context, /\/assets\/UsersPage-[^/]+\.js$/, /\/api\/users$/);
    const page = await context.newPage();
    await page.goto(`${server.url}/#/users`);
    await page.getByRole('heading', { level: 1, name: 'Benutzer verwalten' }).waitFor();
    await page.getByRole('main').getByText('admin', { exact: true }).first().waitFor();

    const preloaded = await modulePreloads(page);
    // The frame (shell, data cache, first reads) is one chunk (renderer/scripts/chunkGroups.ts).
    for (const chunk of [/\/frame-/, /\/UsersPage-/]) {
      expect(preloaded.some((href) => chunk.test(href))).toBe(true);
    }
    expect(usersChunkWithShell()).toBe(true);
    expect(usersReadWithChunk()).toBe(true);
    await context.close();
  });

  it("paints the users list without the forms' input checks (zod), which come with the form", async () => {
    const context = await signedInPhone();
    const scripts = scriptResponses(context);
    const page = await context.newPage();
    await page.goto(`${server.url}/#/users`);
    await page.getByRole('main').getByText('admin', { exact: true }).first().waitFor();

    const atList = [...scripts];
    expect(atList.length).toBeGreaterThan(0);
    expect(await scriptsWith(atList, ZOD)).toEqual([]);

    // The form loads its checks on opening and says in German what is missing.
    await page.getByRole('button', { name: 'Neuen Benutzer hinzufügen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neuen Benutzer hinzufügen' });
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.getByText('Benutzername ist erforderlich.').waitFor();
    expect((await scriptsWith(scripts, ZOD)).length).toBeGreaterThan(0);
    await context.close();
  });

  it("paints the dashboard without the progress charts, which come with the chart's dialog", async () => {
    const token = await apiToken(server.url, 'admin', server.adminPassword);
    await apiJson(server.url, token, 'POST', '/projects', { name: 'Diagramm' });
    const context = await signedInPhone();
    const scripts = scriptResponses(context);
    const page = await context.newPage();
    await page.goto(`${server.url}/#/`);
    const chartButton = page.getByRole('button', { name: 'Fortschrittsdiagramm für „Diagramm“' });
    await chartButton.waitFor();

    const atList = [...scripts];
    expect(atList.length).toBeGreaterThan(0);
    expect(await scriptsWith(atList, PROGRESS_CHART)).toEqual([]);

    await chartButton.click();
    const dialog = page.getByRole('dialog', { name: 'Fortschritt: Diagramm' });
    // The loaded dialog's summary (the loading frame has the title only).
    await dialog.getByText(/^Fortschritt: \d+ % \(/).waitFor();
    expect((await scriptsWith(scripts, PROGRESS_CHART)).length).toBeGreaterThan(0);
    await context.close();
  });

  it("starts the dashboard's project list before the dashboard's chunk is there", async () => {
    const context = await signedInPhone();
    const projectsReadWithChunk = await holdUntilRequested(
      context,
      /\/assets\/DashboardPage-[^/]+\.js$/,
      /\/api\/projects$/,
    );
    const reads: string[] = [];
    context.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/projects') reads.push(request.method());
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/#/`);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

    expect(projectsReadWithChunk()).toBe(true);
    // The page joined the read the start began instead of sending its own.
    expect(reads).toEqual(['GET']);
    await context.close();
  });

  it("sends the dashboard's first reads before the app's data cache is there, and each only once", async () => {
    const context = await signedInPhone();
    // The data cache's chunk (renderer/scripts/chunkGroups.ts: `common`) is where the app's reads start.
    const readsWithoutTheApp = await holdUntilRequested(context, /\/assets\/common-[^/]+\.js$/, /\/api\/tags$/);
    const reads: string[] = [];
    context.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (['/api/projects', '/api/tags', '/api/project-groups', '/api/customer-types'].includes(pathname)) {
        reads.push(`${request.method()} ${pathname}`);
      }
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/#/`);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByText('Abgeschlossene Projekte', { exact: false }).first().waitFor();

    expect(readsWithoutTheApp()).toBe(true);
    // The app took the answers public/landing.js asked for instead of sending its own.
    expect(reads.sort()).toEqual([
      'GET /api/customer-types',
      'GET /api/project-groups',
      'GET /api/projects',
      'GET /api/tags',
    ]);
    await context.close();
  });

  it("starts the board's read before the app's first script is there, and the board takes it: one GET", async () => {
    const token = await apiToken(server.url, 'admin', server.adminPassword);
    const project = await apiJson<{ id: string }>(server.url, token, 'POST', '/projects', { name: 'Vorauslesen' });
    const context = await signedInPhone();
    const boardPath = `/api/projects/${project.id}`;
    // public/landing.js sends it: the app's own read ahead (boardPrefetch.ts) needs its start script.
    const boardReadWithoutTheApp = await holdUntilRequested(
      context,
      /\/assets\/start-[^/]+\.js$/,
      new RegExp(`${boardPath}$`),
    );
    const reads: string[] = [];
    context.on('request', (request) => {
      if (new URL(request.url()).pathname === boardPath) reads.push(request.method());
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/#/project/${project.id}`);
    await page.getByRole('heading', { level: 1, name: 'Vorauslesen' }).waitFor();

    expect(boardReadWithoutTheApp()).toBe(true);
    // The board page took the answer read ahead instead of sending its own.
    expect(reads).toEqual(['GET']);
    await context.close();
  });

  it("opens the board and a card's dialog without running zod; a dialog with request schemas brings it", async () => {
    // zod and common's request schemas (26-29 KB gzip, 65-120 ms of a 4x slower phone's CPU)
    // are not needed to show the board or a card: the board checks what the user types with
    // plain functions, the server with the schemas (docs/performance.md, branch board19e).
    // zod's core marks its evaluation on globalThis (`__zod_globalConfig`).
    const token = await apiToken(server.url, 'admin', server.adminPassword);
    const projectId = await projectWithCards(server.url, token, 'Ohne Schemas', [['Kabel ziehen']]);
    const context = await signedInPhone();
    // The other pages' chunks, which the first tap lets in (some run zod), are refused: this is
    // about what the board runs itself (a refused preload is harmless, landingStart.ts).
    await context.route(/\/assets\/(?!ProjectPage-)\w+Page-[^/]+\.js$/, (route) => route.abort());
    const page = await context.newPage();
    const zodRan = () => page.evaluate(() => '__zod_globalConfig' in globalThis);
    await page.goto(`${server.url}/#/project/${projectId}`);
    const card = page.locator('[data-testid^="card-"][aria-label="Kabel ziehen"]');
    await card.waitFor();
    expect(await zodRan()).toBe(false);

    await card.getByRole('button', { name: 'Kabel ziehen', exact: true }).click();
    const task = page.getByRole('dialog', { name: 'Kabel ziehen' });
    await task.getByRole('tab', { name: 'Zeiten' }).click();
    await task.getByLabel('Stunden').fill('1,5');
    await task.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
    await task.getByRole('cell', { name: '1,50' }).first().waitFor();
    expect(await zodRan()).toBe(false);
    await task.getByRole('button', { name: 'Schließen' }).first().click();

    // Not vacuous: the project's edit dialog validates with common's schemas, and zod runs.
    await clickProjectAction(page, 'Projekt bearbeiten');
    await page.getByRole('dialog', { name: 'Projekt bearbeiten' }).getByLabel('Projektname').waitFor();
    expect(await zodRan()).toBe(true);
    await context.close();
  });

  it("loads the other pages' chunks only after the landing page's first reads have answered", async () => {
    const context = await signedInPhone();
    const otherPage = /\/assets\/(DashboardPage|AdminPage|ProfilePage|ProjectScreen|MessagesPage)-[^/]+\.js$/;
    let answered = false;
    let otherWhileHeld = false;
    const otherRequested = new Promise<void>((resolve) => {
      context.on('request', (request) => {
        if (!otherPage.test(request.url())) return;
        if (!answered) otherWhileHeld = true;
        resolve();
      });
    });
    // Longer than the load event and an idle moment take: before, the other chunks came meanwhile.
    await context.route(/\/api\/users$/, async (route: Route) => {
      await new Promise((resolve) => setTimeout(resolve, READ_HELD_MS));
      answered = true;
      await route.continue();
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/#/users`);
    await page
      .getByRole('main')
      .getByText('admin', { exact: true })
      .first()
      .waitFor({ timeout: 2 * HOLD_MS });

    expect(otherWhileHeld).toBe(false);
    // And then they do load, for instant and offline navigation.
    await otherRequested;
    await context.close();
  });

  it("loads the other pages' chunks only a few seconds after the landing page shows (or at the user's first input)", async () => {
    const otherPage = /\/assets\/(DashboardPage|AdminPage|ProfilePage|ProjectScreen|MessagesPage)-[^/]+\.js$/;
    const context = await signedInPhone();
    const requested: string[] = [];
    context.on('request', (request) => {
      if (otherPage.test(request.url())) requested.push(request.url());
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/#/users`);
    await page.getByRole('main').getByText('admin', { exact: true }).first().waitFor();
    // Before, they came within the frame after the page's answers, while its content was painted.
    await page.waitForTimeout(1500);
    expect(requested).toEqual([]);
    // Nobody acts (utils/afterInputOrDelay.test.ts: an input starts them at once): they come all the same.
    await page.waitForRequest((request) => otherPage.test(request.url()));
    await context.close();
  });

  it('shows the logo while the scripts download (no blank screen), and the app replaces it', async () => {
    const context = await browser.newContext({ locale: 'de-DE', viewport: PHONE_VIEWPORT, serviceWorkers: 'block' });
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await context.route(/\/assets\/start-[^/]+\.js$/, async (route: Route) => {
      await released;
      await route.continue();
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/#/`, { waitUntil: 'commit' });
    await page.locator('.boot .login__logo').waitFor();
    expect(await page.getByRole('button', { name: 'Anmelden', exact: true }).count()).toBe(0);
    release();
    await page.getByRole('button', { name: 'Anmelden', exact: true }).waitFor();
    expect(await page.locator('.boot').count()).toBe(0);
    await context.close();
  });

  it('preloads nothing on the login screen of a visitor without a session', async () => {
    const context = await browser.newContext({ locale: 'de-DE', serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`${server.url}/#/`);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).waitFor();
    const preloaded = await modulePreloads(page);
    expect(preloaded.some((href) => /\/frame-|\/DashboardPage-/.test(href))).toBe(false);
    await context.close();
  });
});

describe('the first load of a session stored by an older version', () => {
  /** The stored session with its user's settings replaced (redux-persist: each field JSON inside JSON). */
  function withStoredSettings(settings: unknown): { origin: string; localStorage: { name: string; value: string }[] } {
    const localStorage = session.localStorage.map((entry) => {
      if (entry.name !== 'persist:werkboard-auth') return entry;
      const fields = JSON.parse(entry.value) as Record<string, string>;
      const user = JSON.parse(fields.user as string) as Record<string, unknown>;
      return { ...entry, value: JSON.stringify({ ...fields, user: JSON.stringify({ ...user, settings }) }) };
    });
    if (localStorage === session.localStorage) throw new Error('no stored auth');
    return { ...session, localStorage };
  }

  it('shows the defaults for settings of an old shape, offline, and the server’s settings once it answers', async () => {
    const context = await browser.newContext({
      locale: 'de-DE',
      viewport: PHONE_VIEWPORT,
      serviceWorkers: 'block',
      storageState: {
        cookies: [],
        origins: [
          withStoredSettings({
            colors: { appBg: 'dunkelblau', columnBg: '#123456', oldAccent: '#FF0000' },
            appearance: { theme: 'aurora', patternColor: '#00FF00' },
            display: 'kompakt',
          }),
        ],
      },
    });
    // The session check cannot reach the server: the stored copy stays in use.
    await context.route(/\/api\/auth\/me$/, (route) => route.abort('internetdisconnected'));
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${server.url}/#/`);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const themeVariable = (name: string) =>
      page.evaluate((variable) => document.documentElement.style.getPropertyValue(variable), name);

    expect(await themeVariable('--app-bg')).toBe('#000000');
    expect(await themeVariable('--column-bg')).toBe('#123456');
    expect(await themeVariable('--app-pattern')).toBe('none');
    expect(errors).toEqual([]);

    // Online again: the server's resolved settings replace the stored copy.
    await context.unroute(/\/api\/auth\/me$/);
    await reloadPage(page);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.waitForFunction(() => document.documentElement.style.getPropertyValue('--column-bg') === '#1F2937');
    expect(errors).toEqual([]);
    await context.close();
  });
});
