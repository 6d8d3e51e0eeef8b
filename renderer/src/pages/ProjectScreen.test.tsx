import { act, fireEvent, screen, within } from '@testing-library/react';
import { de } from '@werkboard/common';
import { renderApp } from '../test/renderApp';
import { buildProject, CARD, COLUMN, owner, PROJECT_ID, PROJECT_PATH, projectServer } from '../test/project';

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

describe('/project/{id}: what the first paint of the board waits for', () => {
  it("starts the gallery's count and the owner's invitations after the board's first paint, not in its render", async () => {
    // Issue 19: each read started in the commit that draws the board (the data cache's
    // bookkeeping, the request) made a phone's longest task longer; the header shows both later.
    const fake = projectServer(buildProject(), {
      [`GET /api/images/${PROJECT_ID}`]: { body: [] },
      [`GET /api/projects/${PROJECT_ID}/invitations`]: { body: [] },
    });
    const { store } = renderApp(PROJECT_PATH, { user: owner, fake });
    await screen.findByTestId(`column-${COLUMN.todo}`);
    const started = () =>
      Object.keys(store.getState().api.queries).filter((key) => /^(projectImages|projectInvitations)\(/.test(key));
    expect(started()).toEqual([]);

    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(started().sort()).toEqual([`projectImages("${PROJECT_ID}")`, `projectInvitations("${PROJECT_ID}")`]);
    expect(fake.calls(`GET /api/images/${PROJECT_ID}`)).toHaveLength(1);
    expect(fake.calls(`GET /api/projects/${PROJECT_ID}/invitations`)).toHaveLength(1);
  });
});
