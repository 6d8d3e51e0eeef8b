import type { Locator, Page } from 'playwright-core';

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
