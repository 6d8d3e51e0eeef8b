import type { Browser, Locator, Page, Request } from 'playwright-core';
import { startAppServer, type AppServer } from './support/appServer';
import { launchBrowser, phoneContext } from './support/browser';
import { boardCard, boardColumn, centerOf, finger, projectWithCards, savedTitles } from './support/board';
import { apiToken, logIn, reloadPage } from './support/session';

/**
 * Issue 17's "done when" on a fitter's phone (390x844, touch): on a board of 5,000 cards a long
 * press drags a card and the server holds the move (read back from the API, and on the board
 * after a reload); a card dragged to the bottom edge of its column scrolls the column and lands
 * far down; one card edit sends and receives less than 5 KB (a network trace of the page).
 */

const CARDS = 5000;
const COLUMN = 'To Do';
/** A save answer and its request each stay under this (issue 17: < 5 KB on the wire each way). */
const FIVE_KB = 5 * 1024;

let server: AppServer;
let browser: Browser;
let token: string;
let projectId: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  token = await apiToken(server.url, 'admin', server.adminPassword);
  const titles = Array.from({ length: CARDS }, (_, index) => `Aufgabe ${index + 1}`);
  projectId = await projectWithCards(server.url, token, 'Wohnanlage Süd, 5.000 Aufgaben', [titles]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openBoard(): Promise<Page> {
  const page = await (await phoneContext(browser)).newPage();
  await logIn(page, server.url, 'admin', server.adminPassword);
  await page.goto(`${server.url}/#/project/${projectId}`);
  await boardCard(page, COLUMN, 'Aufgabe 1').waitFor();
  // The whole column on the screen, as a fitter scrolls to it (the project's header is above).
  await boardColumn(page, COLUMN).evaluate((column) => column.scrollIntoView({ block: 'end' }));
  return page;
}

/** The card titles the column renders, top to bottom. */
function renderedTitles(column: Locator): Promise<string[]> {
  return column.locator('[data-testid^="card-"]').evaluateAll((cards) =>
    cards
      .map((card) => ({ title: card.getAttribute('aria-label') ?? '', top: card.getBoundingClientRect().top }))
      .sort((a, b) => a.top - b.top)
      .map((card) => card.title),
  );
}

const nextSave = (page: Page) =>
  page.waitForResponse((response) => response.request().method() === 'PATCH' && response.ok());

describe('a board of 5,000 cards on a touch phone (390x844)', () => {
  it('a long press drags a card; the server holds the move, also after a reload', async () => {
    const page = await openBoard();
    const hand = await finger(page);
    const from = centerOf((await boardCard(page, COLUMN, 'Aufgabe 1').boundingBox())!);
    const to = centerOf((await boardCard(page, COLUMN, 'Aufgabe 4').boundingBox())!, 0.25);
    await hand.longPress(from);
    await hand.move(to);
    await page.getByTestId('drag-preview').waitFor();
    const saved = nextSave(page);
    await hand.up();
    await saved;

    const expected = ['Aufgabe 2', 'Aufgabe 3', 'Aufgabe 1', 'Aufgabe 4'];
    const order = await savedTitles(server.url, token, projectId, COLUMN);
    expect(order.slice(0, 4)).toEqual(expected);
    expect(order).toHaveLength(CARDS);

    await reloadPage(page);
    await boardCard(page, COLUMN, 'Aufgabe 1').waitFor();
    expect((await renderedTitles(boardColumn(page, COLUMN))).slice(0, 4)).toEqual(expected);
    expect((await savedTitles(server.url, token, projectId, COLUMN)).slice(0, 4)).toEqual(expected);
    await page.context().close();
  });

  it('a card held at the bottom edge scrolls its column and lands far down', async () => {
    const page = await openBoard();
    const list = boardColumn(page, COLUMN).locator('[data-scroll-list]');
    const listBox = (await list.boundingBox())!;
    const hand = await finger(page);
    await hand.longPress(centerOf((await boardCard(page, COLUMN, 'Aufgabe 5').boundingBox())!));
    // Into the column's lower edge (the board scrolls a list while a card is within 56 px of it).
    const bottom = Math.min(listBox.y + listBox.height, 844) - 20;
    await hand.move({ x: listBox.x + listBox.width / 2, y: bottom });
    // Held there until the column has scrolled some 50 cards down, as a user waits for it.
    await list.evaluate(
      (element) =>
        new Promise<void>((resolve) => {
          const check = () => (element.scrollTop > 4000 ? resolve() : requestAnimationFrame(check));
          check();
        }),
    );
    // Up into the middle (the scrolling stops), onto the upper part of the card there.
    const middle = listBox.y + listBox.height / 2;
    await hand.move({ x: listBox.x + listBox.width / 2, y: middle }, 6);
    const target = await boardColumn(page, COLUMN)
      .locator('[data-testid^="card-"]')
      .evaluateAll((cards, y) => {
        const card = cards.find((element) => {
          const rect = element.getBoundingClientRect();
          return rect.top <= y && rect.bottom >= y;
        });
        return card?.getAttribute('aria-label') ?? null;
      }, middle);
    expect(target).not.toBeNull();
    await hand.move(centerOf((await boardCard(page, COLUMN, target!).boundingBox())!, 0.25), 4);
    const saved = nextSave(page);
    await hand.up();
    await saved;

    const order = await savedTitles(server.url, token, projectId, COLUMN);
    const landed = order.indexOf('Aufgabe 5');
    expect(order[landed + 1]).toBe(target);
    // Far below the first screen (it shows about 8 cards): how far depends on the cards'
    // measured heights, which the scroll offset above does not fix (a CI run landed at 33).
    expect(landed).toBeGreaterThan(20);
    expect(order).toHaveLength(CARDS);
    await page.context().close();
  });

  it('the keyboard reaches the last card of 5,000 and back (End, Arrow up, Home), each focused and in view', async () => {
    const page = await openBoard();
    const order = await savedTitles(server.url, token, projectId, COLUMN);
    const list = boardColumn(page, COLUMN).locator('[data-scroll-list]');
    /** The focused card's title, once it is inside the column's visible part. */
    const focusedInView = () =>
      list.evaluate(
        (element) =>
          new Promise<string | null>((resolve) => {
            let frames = 0;
            const check = () => {
              const card = document.activeElement?.closest('[data-testid^="card-"]');
              const box = card?.getBoundingClientRect();
              const view = element.getBoundingClientRect();
              if (card && box && box.top >= view.top - 1 && box.bottom <= view.bottom + 1)
                resolve(card.getAttribute('aria-label'));
              else if (++frames > 120) resolve(null);
              else requestAnimationFrame(check);
            };
            check();
          }),
      );
    await boardCard(page, COLUMN, order[0]!).getByRole('button', { name: order[0], exact: true }).focus();

    await page.keyboard.press('End');
    expect(await focusedInView()).toBe(order.at(-1));
    await page.keyboard.press('ArrowUp');
    expect(await focusedInView()).toBe(order.at(-2));
    await page.keyboard.press('Home');
    expect(await focusedInView()).toBe(order[0]);
    await page.context().close();
  });

  it('one card edit sends and receives less than 5 KB (the network trace of the page)', async () => {
    const page = await openBoard();
    const traced: { request: Request; sent: number; received: number }[] = [];
    const onRequest = (request: Request) => {
      if (!request.url().includes('/api/')) return;
      traced.push({ request, sent: Buffer.byteLength(request.postData() ?? ''), received: 0 });
    };
    await boardCard(page, COLUMN, 'Aufgabe 10').getByRole('button', { name: 'Aufgabe 10', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Aufgabe 10' });
    await dialog.getByLabel('Titel', { exact: true }).fill('Aufgabe 10: Verteiler setzen');
    page.on('request', onRequest);
    const saved = nextSave(page);
    await dialog.getByRole('button', { name: 'Speichern', exact: true }).click();
    const answer = await saved;
    await boardCard(page, COLUMN, 'Aufgabe 10: Verteiler setzen').waitFor();
    page.off('request', onRequest);

    // The answer as it came over the wire (compressed, headers aside) and as JSON.
    const answerBytes = (await answer.body()).length;
    const wire = await answer.request().sizes();
    expect(traced.map(({ request }) => `${request.method()} ${new URL(request.url()).pathname}`)).toEqual([
      `PATCH /api/projects/${projectId}`,
    ]);
    for (const entry of traced) entry.received = (await entry.request.sizes()).responseBodySize;
    for (const entry of traced) {
      expect(entry.sent).toBeLessThan(FIVE_KB);
      expect(entry.received).toBeLessThan(FIVE_KB);
    }
    expect(wire.requestBodySize).toBeLessThan(FIVE_KB);
    expect(answerBytes).toBeLessThan(FIVE_KB);
    // The edit is in what the server holds.
    expect((await savedTitles(server.url, token, projectId, COLUMN)).slice(0, 12)).toContain(
      'Aufgabe 10: Verteiler setzen',
    );
    await page.context().close();
  });
});
