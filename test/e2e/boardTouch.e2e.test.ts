import { keysAfter, newId } from '@werkboard/common';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { startAppServer, type AppServer } from './support/appServer';
import { launchBrowser } from './support/browser';
import { boardCard } from './support/board';
import { apiJson, apiToken, logIn } from './support/session';

/**
 * The board on a fitter's phone (390x844, touch): nothing jumps while it loads (layout shift
 * < 0.1), a long column renders only what is in view, a swipe does not start a drag. Touches
 * go through CDP (Input.dispatchTouchEvent). Not yet here: the long-press drag to the server.
 */

let server: AppServer;
let browser: Browser;
let token: string;

interface Board {
  id: string;
  columns: { title: string; cards: { title: string }[] }[];
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  token = await apiToken(server.url, 'admin', server.adminPassword);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function projectWith(name: string, titles: string[]): Promise<string> {
  const project = await apiJson<Board>(server.url, token, 'POST', '/projects', { name });
  const keys = keysAfter(null, titles.length);
  project.columns[0]!.cards = titles.map((title, at) => ({
    ...{ id: newId(), rev: 0, position: keys[at], title, description: '', tagIds: [], group: null },
    ...{ assignedTo: null, timeEntries: [], materialEntries: [] },
  }));
  await apiJson(server.url, token, 'PUT', `/projects/${project.id}`, project);
  return project.id;
}

function touch(cdp: CDPSession, type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) {
  return cdp.send('Input.dispatchTouchEvent', {
    type,
    touchPoints: type === 'touchEnd' ? [] : [{ x: Math.round(x), y: Math.round(y) }],
  });
}

async function phonePage(): Promise<Page> {
  const context = await browser.newContext({
    locale: 'de-DE',
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  await logIn(page, server.url, 'admin', server.adminPassword);
  // Every layout shift without recent input, summed (the CLS of this page load).
  await context.addInitScript(() => {
    const target = window as unknown as { layoutShift: number };
    target.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!entry.hadRecentInput) target.layoutShift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return page;
}

describe('the board on a touch phone (390x844)', () => {
  it('loads without layout shift, renders only the cards in view, and a swipe does not drag', async () => {
    const titles = Array.from({ length: 40 }, (_, index) => `Aufgabe ${index + 1}`);
    const id = await projectWith('Heizung Wohnanlage Süd', titles);
    const page = await phonePage();
    await page.goto('about:blank');
    await page.goto(`${server.url}/#/project/${id}`);
    const first = boardCard(page, 'To Do', 'Aufgabe 1');
    await first.waitFor();
    // Let the page settle as a user would see it: the appointments and counters are there.
    await page.getByText('0/40 erledigt').waitFor();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const shift = await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
    expect(shift).toBeLessThan(0.1);

    // 40 cards, the column renders those near its visible part only; it still says 40.
    const column = page.locator('[data-testid^="column-"]').first();
    expect(await column.locator('[data-testid^="card-"]').count()).toBeLessThan(40);
    expect(await column.locator('.board-column__count').textContent()).toContain('40');

    const cdp = await page.context().newCDPSession(page);
    await first.scrollIntoViewIfNeeded();
    const box = (await first.boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;

    // A swipe (the finger moves at once): no drag, no preview.
    await touch(cdp, 'touchStart', x, y);
    for (let step = 1; step <= 5; step++) await touch(cdp, 'touchMove', x, y - step * 10);
    expect(await page.getByTestId('drag-preview').count()).toBe(0);
    await touch(cdp, 'touchEnd', x, y - 50);

    await page.context().close();
  });
});
