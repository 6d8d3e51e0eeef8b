import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CardDto, ProjectDocument } from '@werkboard/common';
import { renderApp } from '../../test/renderApp';
import type { CardDragItem } from './boardUi';
import {
  buildCard,
  buildProject,
  CARD,
  cardIn,
  COLUMN,
  MEMBER_ID,
  owner,
  PROJECT_PATH,
  projectServer,
  watchLog,
  TAG,
} from '../../test/project';
import type * as Sortable from './useSortable';

// Every render of a card calls useSortableItem once with its drag item: counting the calls
// counts the renders per card.
jest.mock('./useSortable', () => {
  const actual = jest.requireActual<typeof Sortable>('./useSortable');
  return { ...actual, useSortableItem: jest.fn(actual.useSortableItem) };
});

const { useSortableItem } = jest.requireMock<{ useSortableItem: jest.Mock }>('./useSortable');

function rendersOf(cardId: string): number {
  return useSortableItem.mock.calls.filter(([, item]) => (item as CardDragItem).cardId === cardId).length;
}

async function openBoard(document: ProjectDocument) {
  const fake = projectServer(document);
  const { store } = renderApp(PROJECT_PATH, { user: owner, fake });
  await screen.findByTestId(`column-${COLUMN.todo}`);
  // Tags and external workers change every card once; wait for them before counting.
  await within(screen.getByTestId(`card-${CARD.cable}`)).findByText('Dringend');
  await waitFor(() => expect(fake.calls('GET /api/external-users')).toHaveLength(1));
  await act(() => Promise.resolve());
  // The log entries the edits write (a delta save does not carry them).
  return { fake, log: watchLog(store) };
}

describe('board: 2,000 cards', () => {
  // Rendering 2,000 cards in jsdom takes seconds on a busy 2-core machine (5.6 s seen under load):
  // a generous timeout, because speed is the board benchmark's business, not this test's.
  it('re-renders only the card that changed', async () => {
    const base = buildProject();
    const many = (prefix: string): CardDto[] =>
      Array.from({ length: 1000 }, (_, index) =>
        // Sort keys after the fixture's own cards ('i', 'r'): the board order the server answers in.
        buildCard(`${prefix}-${index}`, `Aufgabe ${prefix} ${index}`, `x${String(index).padStart(4, '0')}`, {
          assignedTo: index % 2 ? MEMBER_ID : null,
          tagIds: index % 3 ? [] : [TAG.urgent],
        }),
      );
    const document: ProjectDocument = {
      ...base,
      // 'Erledigt' stays short: the moved card lands at its end, in view (a column renders
      // only the cards near its visible part).
      columns: base.columns.map((column) =>
        column.id === COLUMN.done ? column : { ...column, cards: [...column.cards, ...many(column.id)] },
      ),
    };
    const cardIds = document.columns.flatMap((column) => column.cards.map((card) => card.id));
    expect(cardIds.length).toBeGreaterThanOrEqual(2000);
    const { fake } = await openBoard(document);
    // A column renders only the cards near its visible part (in jsdom cards have no height,
    // so a "screenful" is about a hundred per column), not 2,000.
    const shown = new Set(screen.getAllByRole('article').map((article) => article.dataset.cardId));
    expect(shown.size).toBeLessThan(400);
    useSortableItem.mockClear();

    const cable = within(screen.getByTestId(`card-${CARD.cable}`));
    fireEvent.click(cable.getByRole('button', { name: '„Kabel ziehen“ nach „Erledigt“ verschieben' }));
    // The save's answer (a delta, applied to the board's copy) changes no other card either.
    await waitFor(() => expect(fake.server.saved).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.getByTestId(`column-${COLUMN.done}`).contains(screen.getByTestId(`card-${CARD.cable}`))).toBe(true);

    expect(rendersOf(CARD.cable)).toBeGreaterThan(0);
    // No card that was on screen renders again (the one after the window's end may come in).
    expect(cardIds.filter((id) => id !== CARD.cable && shown.has(id) && rendersOf(id) > 0)).toEqual([]);
  }, 60_000);
});

describe('board: drag and drop with a finger', () => {
  const stubbed = ['elementFromPoint', 'elementsFromPoint'] as const;
  afterEach(() => {
    for (const name of stubbed) Reflect.deleteProperty(document, name);
  });

  it('scrolls on a quick swipe, and after a long press moves the card onto another column before the card under the finger', async () => {
    const { fake, log } = await openBoard(buildProject());
    const card = screen.getByTestId(`card-${CARD.cable}`);
    const done = screen.getByTestId(`column-${COLUMN.done}`);
    // jsdom has no layout: the pointer is over the 'Erledigt' column, above the middle of its one card.
    jest
      .spyOn(screen.getByTestId(`card-${CARD.finished}`), 'getBoundingClientRect')
      .mockReturnValue({ top: 200, height: 80, bottom: 280, left: 600, right: 800, width: 200 } as DOMRect);
    for (const name of stubbed) {
      Object.defineProperty(document, name, {
        configurable: true,
        value: name === 'elementFromPoint' ? () => done : () => [done],
      });
    }

    // jsdom counts as a touch device (no media queries, touch events): the touch backend.
    const touch = (x: number, y: number) => ({
      touches: [{ clientX: x, clientY: y }],
      targetTouches: [{ clientX: x, clientY: y }],
    });
    // A finger that moves at once scrolls: no drag.
    fireEvent.touchStart(card, touch(100, 100));
    fireEvent.touchMove(done, touch(700, 210));
    fireEvent.touchMove(done, touch(700, 220));
    expect(done.className).not.toContain('board-column--over');
    fireEvent.touchEnd(done, { changedTouches: [{ clientX: 700, clientY: 220 }] });

    // A long press lifts the card; the first move starts the drag, the next finds the column.
    fireEvent.touchStart(card, touch(100, 100));
    await act(() => new Promise((resolve) => setTimeout(resolve, 350)));
    fireEvent.touchMove(done, touch(700, 210));
    fireEvent.touchMove(done, touch(700, 220));
    expect(done.className).toContain('board-column--over');
    fireEvent.touchEnd(done, { changedTouches: [{ clientX: 700, clientY: 220 }] });

    const titles = within(done)
      .getAllByRole('article')
      .map((article) => article.getAttribute('aria-label'));
    expect(titles).toEqual(['Kabel ziehen', 'Material bestellen']);
    await waitFor(() => expect(fake.server.saved).toHaveLength(1));
    const body = fake.server.saved[0]!;
    expect(cardIn(body, CARD.cable)!.column.id).toBe(COLUMN.done);
    expect(log.map((entry) => entry.action)).toEqual(['hat die Aufgabe „Kabel ziehen“ nach „Erledigt“ verschoben.']);
  });
});
