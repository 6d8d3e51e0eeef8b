import type { Browser, Page } from 'playwright-core';
import { startAppServer, type AppServer } from './support/appServer';
import { launchBrowser } from './support/browser';

/**
 * The app runs under the server's Content Security Policy without a single violation
 * (issue 13, finding 19): no `eval`/`new Function` (zod probed for it on every page), no
 * inline script. Violations are collected from the page's `securitypolicyviolation` events
 * and from the console, from the first script on.
 */

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Watched {
  page: Page;
  violations: () => Promise<string[]>;
}

async function watchedPage(): Promise<Watched> {
  const context = await browser.newContext({ locale: 'de-DE' });
  // Before any of the app's scripts: every violation of the page lands in this list.
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|unsafe-eval/i.test(message.text())) consoleErrors.push(message.text());
  });
  return {
    page,
    violations: async () => [
      ...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)),
      ...consoleErrors,
    ],
  };
}

describe('the Content Security Policy', () => {
  it('is sent with the app and forbids eval', async () => {
    const response = await fetch(server.url);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('unsafe-eval');
  });

  it('is never violated: login screen, signing in, dashboard, a form with validation', async () => {
    const { page, violations } = await watchedPage();
    await page.goto(server.url);
    await page.getByLabel('Benutzername').waitFor();
    // A login with an empty password runs the schemas in the browser.
    await page.getByLabel('Benutzername').fill('admin');
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await page.getByLabel('Passwort').fill(server.adminPassword);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.goto(`${server.url}/#/users`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // Events are dispatched asynchronously; give the last ones a moment to arrive.
    await page.waitForTimeout(300);
    expect(await violations()).toEqual([]);
    await page.context().close();
  });
});
