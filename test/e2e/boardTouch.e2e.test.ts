import { keysAfter, newId } from '@werkboard/common';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { startAppServer, type AppServer } from './support/appServer';
import { launchBrowser } from './support/browser';
import { boardCard } from './support/board';
import { apiJson, apiToken, logIn } from './support/session';

/**
 * The board on a fitter's phone (390x844, touch): nothing jumps while it loads (layout shift
 * < 0.1), a long column renders only what is in view, a swipe does not start a drag, and a
 * long press lifts a card that then follows the finger and lands where it is let go, saved on
 * the server. Touches go through CDP (Input.dispatchTouchEvent), moved in steps as a finger does.
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
  it('loads without layout shift, renders only the cards in view; a swipe scrolls, a long press drags the card to where it is let go', async () => {
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

    // A long press lifts the card: the preview follows the finger, and the card lands before
    // the card it is let go over (the upper half of 'Aufgabe 4'), saved on the server.
    await first.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    const from = (await first.boundingBox())!;
    const target = (await boardCard(page, 'To Do', 'Aufgabe 4').boundingBox())!;
    const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
    const end = { x: target.x + target.width / 2, y: target.y + target.height * 0.25 };
    await touch(cdp, 'touchStart', start.x, start.y);
    // Held still longer than the 300 ms that tell a long press from a swipe (the page waits for
    // the timer, so what counts is that no move comes before it).
    await page.waitForTimeout(600);
    const steps = 12;
    for (let step = 1; step <= steps; step++) {
      await touch(
        cdp,
        'touchMove',
        start.x + ((end.x - start.x) * step) / steps,
        start.y + ((end.y - start.y) * step) / steps,
      );
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    }
    const preview = (await page.getByTestId('drag-preview').boundingBox())!;
    // The preview is drawn under the finger (within a card's size of it).
    expect(Math.abs(preview.y - end.y)).toBeLessThan(from.height * 2);
    await touch(cdp, 'touchEnd', end.x, end.y);
    // The server has the move once the save went through.
    let order: string[] = [];
    for (let tries = 0; tries < 50; tries++) {
      const saved = await apiJson<Board>(server.url, token, 'GET', `/projects/${id}`);
      order = saved.columns[0]!.cards.slice(0, 4).map((card) => card.title);
      if (order[2] === 'Aufgabe 1') break;
      await page.waitForTimeout(200);
    }
    expect(order).toEqual(['Aufgabe 2', 'Aufgabe 3', 'Aufgabe 1', 'Aufgabe 4']);

    await page.context().close();
  });
});
