import AxeBuilder from '@axe-core/playwright';
import type { Browser, Locator, Page } from 'playwright-core';
import { startAppServer, type AppServer } from './support/appServer';
import { launchBrowser, phoneContext } from './support/browser';
import { boardCard, projectWithCards, savedTitles } from './support/board';
import { apiToken, logIn } from './support/session';

/**
 * A fitter opens a board on the phone (390x844): the cards come first (the header's eleven
 * actions fold behind 'Aktionen (N)', 'Bildergalerie' stays), the fold opens, closes with
 * Escape and its actions open their dialogs; a card's quick moves say where they go.
 */

let server: AppServer;
let browser: Browser;
let token: string;
let page: Page;
let projectId: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  token = await apiToken(server.url, 'admin', server.adminPassword);
  projectId = await projectWithCards(server.url, token, 'Heizung Wohnanlage Süd', [
    ['Heizkörper montieren', 'Leitungen spülen', 'Thermostate setzen'],
    ['Kessel anschließen'],
    ['Aufmaß'],
  ]);
  page = await (await phoneContext(browser)).newPage();
  await logIn(page, server.url, 'admin', server.adminPassword);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const actions = () => page.getByRole('navigation', { name: 'Projektaktionen' });
const fold = () => actions().getByRole('button', { name: /^Aktionen \(\d+\)$/ });

/** Where the focus is, by its accessible text. */
const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');

async function inViewport(locator: Locator): Promise<boolean> {
  const box = (await locator.boundingBox())!;
  return box.y >= 0 && box.y + box.height <= page.viewportSize()!.height;
}

describe('the board on a phone', () => {
  // Layout shift on the phone board's load: boardTouch.e2e.test.ts.
  it('shows the first card without scrolling, the actions folded, and axe finds nothing folded or not', async () => {
    await page.goto(`${server.url}/#/project/${projectId}`);
    const first = boardCard(page, 'To Do', 'Heizkörper montieren');
    await first.waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await inViewport(first)).toBe(true);

    expect(await fold().getAttribute('aria-expanded')).toBe('false');
    expect(await actions().getByRole('button', { name: 'Bildergalerie' }).isVisible()).toBe(true);
    expect(await actions().getByRole('button', { name: 'Notizen & Informationen' }).count()).toBe(0);

    // Unfolded as well: every action a button with a name, nothing for axe.
    await fold().click();
    await actions().getByRole('button', { name: 'Notizen & Informationen' }).waitFor();
    const { violations } = await new AxeBuilder({ page }).include('.project-header').analyze();
    expect(violations.map((violation) => violation.id)).toEqual([]);
    await page.keyboard.press('Escape');
  });

  it('opens the fold, closes it with Escape, and opens its actions’ dialogs', async () => {
    await fold().click();
    expect(await fold().getAttribute('aria-expanded')).toBe('true');
    await actions().getByRole('button', { name: 'Termin-Archiv' }).focus();
    await page.keyboard.press('Escape');
    expect(await fold().getAttribute('aria-expanded')).toBe('false');
    expect(await focused()).toMatch(/^Aktionen \(\d+\)$/);

    // A note through the fold: the dialog opens, and on closing focus is back on 'Aktionen'.
    await page.keyboard.press('Enter');
    await actions().getByRole('button', { name: 'Notizen & Informationen' }).click();
    const notes = page.getByRole('dialog', { name: 'Notizen & Informationen' });
    await notes.getByLabel('Inhalt').fill('Schlüssel beim Hausmeister, Tür 3');
    await notes.getByRole('button', { name: 'Notiz hinzufügen' }).click();
    await notes.getByText('Schlüssel beim Hausmeister, Tür 3').waitFor();
    await page.keyboard.press('Escape');
    await notes.waitFor({ state: 'detached' });
    expect(await focused()).toMatch(/^Aktionen \(\d+\)$/);
    expect(await fold().getAttribute('aria-expanded')).toBe('false');

    // 'PDF-Export' through the fold.
    await fold().click();
    await actions().getByRole('button', { name: 'PDF-Export', exact: true }).click();
    const pdf = page.getByRole('dialog', { name: 'PDF-Export' });
    await pdf.getByRole('button', { name: 'PDF erstellen' }).waitFor();
    await page.keyboard.press('Escape');
    await pdf.waitFor({ state: 'detached' });
  });

  it('names the target column on the quick moves, and moves the card there', async () => {
    const card = boardCard(page, 'To Do', 'Leitungen spülen');
    const toDoing = card.getByRole('button', { name: '„Leitungen spülen“ nach „In Bearbeitung“ verschieben' });
    const toDone = card.getByRole('button', { name: '„Leitungen spülen“ nach „Erledigt“ verschieben' });
    expect(await toDoing.innerText()).toBe('In Bearbeitung');
    expect(await toDone.innerText()).toBe('Erledigt');
    // 44 px for a finger, and the names whole, not cut short, on a phone's column.
    for (const button of [toDoing, toDone]) {
      expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      const label = button.locator('.board-card__quick-label');
      expect(await label.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    }

    const saved = page.waitForResponse((response) => response.request().method() === 'PATCH' && response.ok());
    await toDoing.click();
    await boardCard(page, 'In Bearbeitung', 'Leitungen spülen').waitFor();
    await saved;
    expect(await savedTitles(server.url, token, projectId, 'In Bearbeitung')).toContain('Leitungen spülen');
    // Back from the third column the arrow points left.
    const done = boardCard(page, 'Erledigt', 'Aufmaß');
    await done.scrollIntoViewIfNeeded();
    expect(await done.getByRole('button', { name: '„Aufmaß“ nach „In Bearbeitung“ verschieben' }).innerText()).toBe(
      'In Bearbeitung',
    );
    expect(await done.locator('.board-card__quick svg').getAttribute('class')).toContain('lucide-arrow-left');
  });
});
