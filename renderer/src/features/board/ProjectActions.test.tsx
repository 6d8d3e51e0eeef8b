import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { de } from '@werkboard/common';
import { renderApp } from '../../test/renderApp';
import { stubMatchMedia } from '../../test/mediaQuery';
import { COLUMN, owner, PROJECT_PATH, projectServer } from '../../test/project';
import type { ProjectAction } from './ProjectActions';
import { PHONE_QUERY, ProjectActions } from './ProjectActions';
import { findLoadedDialog } from '../../test/dialogs';

const b = de.board.buttons;
type Id = 'edit' | 'notes' | 'gallery' | 'pdfExport';
const ACTIONS: ProjectAction<Id>[] = [
  { id: 'edit', label: b.edit, primary: true },
  { id: 'notes', label: b.notes },
  { id: 'gallery', label: b.gallery, pinned: true },
  { id: 'pdfExport', label: b.pdfExport },
];

let media: ReturnType<typeof stubMatchMedia> | null = null;
afterEach(() => {
  media?.restore();
  media = null;
});
const onPhone = () => (media = stubMatchMedia((query) => query === PHONE_QUERY));

const nav = () => within(screen.getByRole('navigation', { name: de.board.header.actions }));
const names = () =>
  nav()
    .queryAllByRole('button')
    .map((button) => button.textContent);
const toggle = () => nav().getByRole('button', { name: de.board.header.moreActions(3) });

describe('the board header’s actions', () => {
  it('are all in a row, in the spec’s order, on a desktop', () => {
    const onAction = jest.fn();
    render(<ProjectActions actions={ACTIONS} onAction={onAction} />);
    expect(names()).toEqual([b.edit, b.notes, b.gallery, b.pdfExport]);
    fireEvent.click(nav().getByRole('button', { name: b.notes }));
    expect(onAction).toHaveBeenCalledWith('notes');
  });

  it("fold behind 'Aktionen (N)' on a phone, the gallery left out, and unfold and fold again", () => {
    onPhone();
    render(<ProjectActions actions={ACTIONS} onAction={jest.fn()} />);
    // Folded: the rest are out of the accessibility tree, not just out of view.
    expect(names()).toEqual([b.gallery, 'Aktionen (3)']);
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    const panel = document.getElementById(toggle().getAttribute('aria-controls')!)!;
    expect(panel.hidden).toBe(true);

    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(panel.hidden).toBe(false);
    expect(names()).toEqual([b.gallery, 'Aktionen (3)', b.edit, b.notes, b.pdfExport]);

    fireEvent.click(toggle());
    expect(names()).toEqual([b.gallery, 'Aktionen (3)']);
  });

  it('fold on Escape from inside and give focus back to the toggle', () => {
    onPhone();
    render(<ProjectActions actions={ACTIONS} onAction={jest.fn()} />);
    fireEvent.click(toggle());
    const notes = nav().getByRole('button', { name: b.notes });
    notes.focus();
    fireEvent.keyDown(notes, { key: 'Escape' });
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle());
  });

  it('fold when an action is chosen, focus on the toggle for its dialog to return to', () => {
    onPhone();
    const onAction = jest.fn(() => {
      // The dialog opens after the click: what has focus now is where it gives focus back.
      expect(document.activeElement).toBe(toggle());
    });
    render(<ProjectActions actions={ACTIONS} onAction={onAction} />);
    fireEvent.click(toggle());
    fireEvent.click(nav().getByRole('button', { name: b.pdfExport }));
    expect(onAction).toHaveBeenCalledWith('pdfExport');
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
  });

  it('unfold into the desktop row when the screen grows (a phone turned sideways)', () => {
    const phone = onPhone();
    render(<ProjectActions actions={ACTIONS} onAction={jest.fn()} />);
    expect(names()).toEqual([b.gallery, 'Aktionen (3)']);
    act(() => phone.change(() => false));
    expect(names()).toEqual([b.edit, b.notes, b.gallery, b.pdfExport]);
  });

  it('open a dialog from the fold on the board page, and focus returns to the toggle when it closes', async () => {
    onPhone();
    renderApp(PROJECT_PATH, { user: owner, fake: projectServer() });
    await screen.findByTestId(`column-${COLUMN.todo}`);
    const more = nav().getByRole('button', { name: /^Aktionen \(\d+\)$/ });
    expect(nav().getByRole('button', { name: b.gallery })).toBeTruthy();
    expect(nav().queryByRole('button', { name: b.notes })).toBeNull();

    fireEvent.click(more);
    fireEvent.click(nav().getByRole('button', { name: b.notes }));
    await findLoadedDialog(b.notes);
    const dialog = screen.getByRole('dialog', { name: b.notes });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(more);
  });
});
