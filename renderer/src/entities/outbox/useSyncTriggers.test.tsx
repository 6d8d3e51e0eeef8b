import { act } from '@testing-library/react';
import { buildUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderApp';
import { syncStatusChanged } from './syncSlice';
import { useSyncTriggers } from './useSyncTriggers';

describe('useSyncTriggers', () => {
  it('renders its component again only when changes start or stop waiting, not at every count (the app shell during a replay)', async () => {
    let renders = 0;
    function Shell() {
      useSyncTriggers();
      renders += 1;
      return null;
    }
    const { store } = renderWithProviders(<Shell />, { user: buildUser('Monteur') });
    // The session's start (its queue loaded, its first replay) publishes the status: let it end first.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    const status = (pending: number) =>
      act(() => void store.dispatch(syncStatusChanged({ pending, failed: [], running: true })));
    status(1000);
    const waiting = renders;
    // A replay answers the writes one by one: the shell (and every page in it) stays as it is.
    for (let pending = 999; pending > 0; pending -= 111) status(pending);
    expect(renders).toBe(waiting);
    status(0);
    expect(renders).toBe(waiting + 1);
  });
});
