import { act, screen } from '@testing-library/react';
import { renderApp } from '../../test/renderApp';
import { buildProject, CARD, COLUMN, owner, PROJECT_PATH, projectServer } from '../../test/project';

/**
 * jsdom has no ResizeObserver and no layout. This one records what is observed, and the test
 * reports sizes the way the browser does after its layout (issue 17: the board's rows are
 * measured by the observer, never by reading a size while React commits).
 */
class RecordingResizeObserver {
  static all: RecordingResizeObserver[] = [];
  readonly targets = new Set<Element>();
  constructor(readonly callback: ResizeObserverCallback) {
    RecordingResizeObserver.all.push(this);
  }
  observe(target: Element) {
    this.targets.add(target);
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {
    this.targets.clear();
  }
  /** Every observed element of the board's rows reported at `height`. */
  static reportRows(height: number) {
    for (const observer of RecordingResizeObserver.all) {
      const entries = [...observer.targets]
        .filter((target) => target.classList.contains('board-column__row'))
        .map((target) => ({ target, borderBoxSize: [{ blockSize: height, inlineSize: 200 }] }));
      if (entries.length > 0)
        observer.callback(entries as unknown as ResizeObserverEntry[], observer as unknown as ResizeObserver);
    }
  }
}

/** The elements whose layout size was read (offsetHeight, clientHeight) while `during` ran. */
function layoutReads(): { elements: Element[]; restore: () => void } {
  const elements: Element[] = [];
  const spies = [
    jest.spyOn(HTMLElement.prototype, 'offsetHeight', 'get'),
    jest.spyOn(Element.prototype, 'clientHeight', 'get'),
  ].map((spy) =>
    spy.mockImplementation(function (this: Element) {
      elements.push(this);
      return 0;
    }),
  );
  return { elements, restore: () => spies.forEach((spy) => spy.mockRestore()) };
}

const inBoard = (element: Element) => element.closest('.board-column__cards') !== null;

describe('the column window (rows measured after layout, issue 17)', () => {
  beforeEach(() => {
    RecordingResizeObserver.all = [];
    Object.defineProperty(window, 'ResizeObserver', {
      configurable: true,
      writable: true,
      value: RecordingResizeObserver,
    });
  });
  afterEach(() => {
    Reflect.deleteProperty(window, 'ResizeObserver');
  });

  it('reads no row or list size while the board mounts: the rows are observed instead', async () => {
    const reads = layoutReads();
    try {
      renderApp(PROJECT_PATH, { user: owner, fake: projectServer(buildProject()) });
      await screen.findByTestId(`card-${CARD.cable}`);
    } finally {
      reads.restore();
    }
    expect(reads.elements.filter(inBoard)).toEqual([]);
    const row = screen.getByTestId(`card-${CARD.cable}`).closest('.board-column__row')!;
    expect(RecordingResizeObserver.all.some((observer) => observer.targets.has(row))).toBe(true);
  });

  it('places each row under the ones before it as soon as their heights are reported, before React renders again', async () => {
    renderApp(PROJECT_PATH, { user: owner, fake: projectServer(buildProject()) });
    await screen.findByTestId(`card-${CARD.cable}`);
    const rows = [...screen.getByTestId(`column-${COLUMN.todo}`).querySelectorAll<HTMLElement>('.board-column__row')];
    expect(rows.length).toBeGreaterThan(1);

    const window = screen.getByTestId(`column-${COLUMN.todo}`).querySelector<HTMLElement>('.board-column__window')!;
    const placed = { offsets: [] as number[], height: '' };
    act(() => {
      RecordingResizeObserver.reportRows(100);
      // Inside act, React has not rendered again yet: what is placed here the virtualizer wrote itself.
      placed.offsets = rows.map((row) => Number(/translate3d\(0(?:px)?, (\d+)px/.exec(row.style.transform)?.[1]));
      placed.height = window.style.height;
    });

    // The window's gap is 8 px above the first row and between rows: rows of 100 px start 108 px apart.
    expect(placed.offsets).toEqual(rows.map((_, index) => 8 + index * 108));
    expect(placed.height).toBe(`${8 + rows.length * 108}px`);
  });
});
