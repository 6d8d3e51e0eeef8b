import type { Browser, Page } from 'playwright-core';
import { startAppServer, type AppServer } from './support/appServer';
import { launchBrowser } from './support/browser';
import { apiToken, logIn } from './support/session';

/**
 * Layout bugs of issue 19's walkthrough, measured in the browser where they showed: the
 * dashboard's card actions covered the project's name on hover, 'Neue Gruppe' floated in the
 * middle of /project-groups, and icons were emoji that many devices draw as empty boxes.
 */

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  const token = await apiToken(server.url, 'admin', server.adminPassword);
  const created = await fetch(`${server.url}/api/projects`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: 'Heizung Wohnanlage Süd mit Tiefgarage', projectNumber: 'P-2026-002' }),
  });
  if (created.status !== 201) throw new Error(`creating the project failed: ${created.status}`);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function desktopPage(): Promise<Page> {
  const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  await logIn(page, server.url, 'admin', server.adminPassword);
  return page;
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

describe('layout (issue 19)', () => {
  it("keeps a dashboard card's actions off the project's name, also on hover", async () => {
    const page = await desktopPage();
    const card = page.getByRole('listitem').filter({ hasText: 'Heizung Wohnanlage Süd mit Tiefgarage' });
    await card.hover();
    const title = await card.getByText('Heizung Wohnanlage Süd mit Tiefgarage').boundingBox();
    const actions = await card.locator('.project-card__actions button').evaluateAll((buttons) =>
      buttons.map((button) => {
        const box = button.getBoundingClientRect();
        return { x: box.x, y: box.y, width: box.width, height: box.height };
      }),
    );
    expect(title).not.toBeNull();
    expect(actions.length).toBeGreaterThanOrEqual(2);
    for (const action of actions) expect(overlaps(title!, action)).toBe(false);
    await page.context().close();
  });

  it("puts 'Neue Gruppe' at the right edge of /project-groups, like every page's actions", async () => {
    const page = await desktopPage();
    await page.goto(`${server.url}/#/project-groups`);
    const button = await page.getByRole('button', { name: 'Neue Gruppe' }).boundingBox();
    const header = await page.locator('.page__header').boundingBox();
    expect(button).not.toBeNull();
    expect(Math.abs(header!.x + header!.width - (button!.x + button!.width))).toBeLessThan(2);
    expect(header!.width).toBeGreaterThan(1300);
    await page.context().close();
  });

  it('draws icons as SVG, with no emoji left on the dashboard', async () => {
    const page = await desktopPage();
    const card = page.getByRole('listitem').filter({ hasText: 'Heizung Wohnanlage Süd mit Tiefgarage' });
    await card.locator('.project-icon svg').waitFor();
    const emoji = await page.evaluate(
      () => (document.body.textContent ?? '').match(/\p{Extended_Pictographic}/gu) ?? [],
    );
    expect(emoji).toEqual([]);
    await page.context().close();
  });
});
