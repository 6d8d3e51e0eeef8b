import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProjectDocument } from '@werkboard/common';
import { renderApp } from '../../test/renderApp';
import { buildProject, CARD, cardIn, COLUMN, owner, PROJECT_PATH, projectServer } from '../../test/project';

async function openBoard(document: ProjectDocument = buildProject()) {
  const fake = projectServer(document);
  renderApp(PROJECT_PATH, { user: owner, fake });
  await screen.findByTestId(`card-${CARD.cable}`);
  return fake;
}

const card = (id: string) => within(screen.getByTestId(`card-${id}`));
const quickMoves = (id: string) =>
  card(id)
    .queryAllByRole('button')
    .filter((button) => button.classList.contains('board-card__quick'));
/** What a quick move shows: its arrow or tick, and the target column's name. */
const shown = (button: HTMLElement) =>
  `${
    button
      .querySelector('svg')!
      .getAttribute('class')!
      .match(/lucide-([a-z-]+)/)![1]
  } ${button.textContent}`;

describe("a card's quick moves", () => {
  it('name the target column visibly and in the accessible name, the arrow pointing its way', async () => {
    await openBoard();
    // 'To Do' (first column): right to 'In Bearbeitung', tick to 'Erledigt'.
    expect(quickMoves(CARD.cable).map(shown)).toEqual(['arrow-right In Bearbeitung', 'check Erledigt']);
    expect(quickMoves(CARD.cable).map((button) => button.getAttribute('aria-label'))).toEqual([
      '„Kabel ziehen“ nach „In Bearbeitung“ verschieben',
      '„Kabel ziehen“ nach „Erledigt“ verschieben',
    ]);
    expect(quickMoves(CARD.cable).map((button) => button.title)).toEqual(['Nach „In Bearbeitung“', 'Nach „Erledigt“']);
    // In 'In Bearbeitung' only the tick; in 'Erledigt' (the third column) back left.
    expect(quickMoves(CARD.lamp).map(shown)).toEqual(['check Erledigt']);
    expect(quickMoves(CARD.finished).map(shown)).toEqual(['arrow-left In Bearbeitung']);
  });

  it('move the card there without opening it, and the moved card offers the way back', async () => {
    const fake = await openBoard();
    fireEvent.click(card(CARD.cable).getByRole('button', { name: '„Kabel ziehen“ nach „In Bearbeitung“ verschieben' }));
    expect(screen.getByTestId(`column-${COLUMN.doing}`).contains(screen.getByTestId(`card-${CARD.cable}`))).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(quickMoves(CARD.cable).map(shown)).toEqual(['check Erledigt']);
    await waitFor(() => expect(fake.server.saved).toHaveLength(1));
    expect(cardIn(fake.server.saved[0]!, CARD.cable)!.column.id).toBe(COLUMN.doing);
  });

  it('carry a long column name whole (the CSS cuts it short on screen, the title shows it)', async () => {
    const long = 'Wartet auf Material vom Großhändler';
    const base = buildProject();
    await openBoard({
      ...base,
      columns: base.columns.map((column) => (column.id === COLUMN.doing ? { ...column, title: long } : column)),
    });
    const [toDoing] = quickMoves(CARD.cable);
    expect(toDoing!.textContent).toBe(long);
    expect(toDoing!.getAttribute('aria-label')).toBe(`„Kabel ziehen“ nach „${long}“ verschieben`);
  });
});
