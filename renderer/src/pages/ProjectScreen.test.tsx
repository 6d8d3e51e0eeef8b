import { act, fireEvent, screen, within } from '@testing-library/react';
import { de } from '@werkboard/common';
import { renderApp } from '../test/renderApp';
import { buildProject, CARD, COLUMN, owner, PROJECT_PATH, projectServer } from '../test/project';

// Its own file: the dialogs' chunks, once loaded, stay loaded for the rest of a test file.
describe('/project/{id}: the card dialog after the first paint', () => {
  it("loads the card dialog's chunk once the board is drawn: a click shows the dialog's tabs at once", async () => {
    renderApp(PROJECT_PATH, { user: owner, fake: projectServer(buildProject()) });
    await screen.findByTestId(`column-${COLUMN.todo}`);
    // The frames after the board's first paint (utils/afterNextPaint) and the chunk's arrival.
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));

    fireEvent.click(screen.getByTestId(`card-${CARD.cable}`));
    const dialog = within(screen.getByRole('dialog', { name: 'Kabel ziehen' }));
    expect(dialog.getByRole('tab', { name: de.board.task.tabDetails })).toBeTruthy();
    expect(dialog.queryByText(de.app.loading)).toBeNull();
  });
});
