import { keysAfter, newId } from '@werkboard/common';
import type { Locator, Page } from 'playwright-core';
import { apiJson } from './session';

/** A column of the board by its title. */
export function boardColumn(page: Page, title: string): Locator {
  return page
    .locator('[data-testid^="column-"]')
    .filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });
}

export function boardCard(page: Page, columnTitle: string, cardTitle: string): Locator {
  return boardColumn(page, columnTitle).locator(`[data-testid^="card-"][aria-label="${cardTitle}"]`);
}

export async function addBoardTask(page: Page, columnTitle: string, title: string): Promise<void> {
  const target = boardColumn(page, columnTitle);
  await target.getByRole('button', { name: 'Aufgabe hinzufügen', exact: true }).click();
  await target.getByLabel('Titel der Aufgabe').fill(title);
  await target.getByLabel('Titel der Aufgabe').press('Enter');
  await boardCard(page, columnTitle, title).waitFor();
}

/**
 * Clicks one of the board header's actions by its name. On a phone (under 700 px) all but
 * 'Bildergalerie' are folded behind 'Aktionen (N)', which is opened first.
 */
export async function clickProjectAction(page: Page, name: string): Promise<void> {
  const actions = page.getByRole('navigation', { name: 'Projektaktionen' });
  await actions.waitFor();
  const fold = actions.getByRole('button', { name: /^Aktionen \(\d+\)$/ });
  if ((await fold.count()) > 0 && (await fold.getAttribute('aria-expanded')) === 'false') await fold.click();
  await actions.getByRole('button', { name, exact: true }).click();
}

/** Drags with the real mouse: press on the card, move in steps over the target, release. */
export async function dragCard(page: Page, card: Locator, target: Locator): Promise<void> {
  const from = (await card.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + Math.min(to.height / 2, 120), { steps: 20 });
  await page.mouse.up();
}

interface Board {
  id: string;
  columns: { title: string; cards: unknown[] }[];
}

/**
 * A project whose board holds cards with `titles` per column (in the board's column order),
 * set up with one PUT of the whole document (5,000 cards in one request).
 */
export async function projectWithCards(
  baseUrl: string,
  token: string,
  name: string,
  titles: string[][],
): Promise<string> {
  const project = await apiJson<Board>(baseUrl, token, 'POST', '/projects', { name });
  project.columns.forEach((column, index) => {
    const keys = keysAfter(null, titles[index]?.length ?? 0);
    column.cards = (titles[index] ?? []).map((title, at) => ({
      ...{ id: newId(), rev: 0, position: keys[at], title, description: '', tagIds: [], group: null },
      ...{ assignedTo: null, timeEntries: [], materialEntries: [] },
    }));
  });
  await apiJson(baseUrl, token, 'PUT', `/projects/${project.id}`, project);
  return project.id;
}

/** The titles of a column's cards in the server's order. */
export async function savedTitles(
  baseUrl: string,
  token: string,
  projectId: string,
  columnTitle: string,
): Promise<string[]> {
  const saved = await apiJson<{ columns: { title: string; cards: { title: string }[] }[] }>(
    baseUrl,
    token,
    'GET',
    `/projects/${projectId}`,
  );
  return saved.columns.find((column) => column.title === columnTitle)!.cards.map((card) => card.title);
}

export interface Point {
  x: number;
  y: number;
}

export function centerOf(box: { x: number; y: number; width: number; height: number }, fromTop = 0.5): Point {
  return { x: box.x + box.width / 2, y: box.y + box.height * fromTop };
}

/**
 * One finger on a touch screen, through CDP (Input.dispatchTouchEvent): put down, moved in
 * steps as a finger moves (each step after a frame, so the page sees every one), lifted.
 */
export interface Finger {
  down(at: Point): Promise<void>;
  /** Put down and held still longer than the board's 300 ms long press: the gesture itself. */
  longPress(at: Point): Promise<void>;
  move(to: Point, steps?: number): Promise<void>;
  up(): Promise<void>;
}

/** How long a long press holds (the board lifts a card after 300 ms without a move). */
const LONG_PRESS_MS = 600;

export async function finger(page: Page): Promise<Finger> {
  const cdp = await page.context().newCDPSession(page);
  let at: Point = { x: 0, y: 0 };
  const send = async (type: 'touchStart' | 'touchMove' | 'touchEnd') =>
    void (await cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x: Math.round(at.x), y: Math.round(at.y) }],
    }));
  const down = async (point: Point) => {
    at = point;
    await send('touchStart');
  };
  return {
    down,
    async longPress(point) {
      await down(point);
      await page.waitForTimeout(LONG_PRESS_MS);
    },
    async move(to, steps = 12) {
      const from = at;
      for (let step = 1; step <= steps; step++) {
        at = { x: from.x + ((to.x - from.x) * step) / steps, y: from.y + ((to.y - from.y) * step) / steps };
        await send('touchMove');
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      }
    },
    up: () => send('touchEnd'),
  };
}
