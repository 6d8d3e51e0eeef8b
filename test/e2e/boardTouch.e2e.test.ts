import type { Browser, Page } from 'playwright-core';
import { startAppServer, type AppServer } from './support/appServer';
import { launchBrowser, phoneContext } from './support/browser';
import { boardCard, centerOf, finger, projectWithCards, savedTitles } from './support/board';
import { apiToken, logIn } from './support/session';

/**
 * The board on a fitter's phone (390x844, touch): nothing jumps while it loads (layout shift
 * < 0.1), a long column renders only what is in view, a swipe does not start a drag, and a
 * long press lifts a card that then follows the finger and lands where it is let go, saved on
 * the server. Touches go through CDP (Input.dispatchTouchEvent), moved in steps as a finger does.
 */

let server: AppServer;
let browser: Browser;
let token: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  token = await apiToken(server.url, 'admin', server.adminPassword);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function phonePage(): Promise<Page> {
  const context = await phoneContext(browser);
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
    const id = await projectWithCards(server.url, token, 'Heizung Wohnanlage Süd', [titles]);
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

    const hand = await finger(page);
    await first.scrollIntoViewIfNeeded();
    const { x, y } = centerOf((await first.boundingBox())!);

    // A swipe (the finger moves at once): no drag, no preview.
    await hand.down({ x, y });
    await hand.move({ x, y: y - 50 }, 5);
    expect(await page.getByTestId('drag-preview').count()).toBe(0);
    await hand.up();

    // A long press lifts the card: the preview follows the finger, and the card lands before
    // the card it is let go over (the upper half of 'Aufgabe 4'), saved on the server.
    await first.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    const from = (await first.boundingBox())!;
    const end = centerOf((await boardCard(page, 'To Do', 'Aufgabe 4').boundingBox())!, 0.25);
    await hand.longPress(centerOf(from));
    await hand.move(end);
    const preview = (await page.getByTestId('drag-preview').boundingBox())!;
    // The preview is drawn under the finger (within a card's size of it).
    expect(Math.abs(preview.y - end.y)).toBeLessThan(from.height * 2);
    const saved = page.waitForResponse((response) => response.request().method() === 'PATCH' && response.ok());
    await hand.up();
    // The server has the move once the save went through.
    await saved;
    const order = (await savedTitles(server.url, token, id, 'To Do')).slice(0, 4);
    expect(order).toEqual(['Aufgabe 2', 'Aufgabe 3', 'Aufgabe 1', 'Aufgabe 4']);

    await page.context().close();
  });
});
