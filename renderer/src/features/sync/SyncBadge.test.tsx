import { act, screen } from '@testing-library/react';
import { de } from '@werkboard/common';
import { buildUser } from '../../test/fixtures';
import { createFakeFetch } from '../../test/fakeFetch';
import { renderWithProviders } from '../../test/renderApp';
import { SyncBadge } from './SyncBadge';

const PROJECT = '/projects/0b4f6a52-8d0e-4a8e-9b51-3f3f0c2d9a10';
const OTHER_PROJECT = '/projects/5d1c2b7e-1f0a-4c59-8f7e-2a6b9e3c4d11';

function setOnline(online: boolean) {
  jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => {
  jest.restoreAllMocks();
});

describe('the sync badge of the top bar (issue 19)', () => {
  it("says 'Synchron' online and 'Offline' offline with nothing queued", () => {
    renderWithProviders(<SyncBadge />, { user: buildUser('Monteur') });
    expect(screen.getByTestId('sync-badge').textContent).toBe(de.footer.syncDone);

    expect(screen.queryByRole('status')).toBeNull();

    setOnline(false);
    expect(screen.getByTestId('sync-badge').textContent).toBe('Offline');
    expect(screen.getByTestId('sync-badge').getAttribute('title')).toBe(de.footer.syncOfflineHint);
  });

  it("counts the changes that wait offline ('Offline · 2 ausstehend', one per document) and online ('2 ausstehend')", async () => {
    const unreachable = () => Promise.reject(new TypeError('Failed to fetch'));
    const fake = createFakeFetch({ [`PUT /api${PROJECT}`]: unreachable, [`PUT /api${OTHER_PROJECT}`]: unreachable });
    const { extra } = renderWithProviders(<SyncBadge />, { user: buildUser('Monteur'), fake });
    setOnline(false);
    await act(() => extra.save({ method: 'PUT', path: PROJECT, body: { revision: 1, name: 'A' }, queueable: true }));
    await act(() =>
      extra.save({ method: 'PUT', path: OTHER_PROJECT, body: { revision: 1, name: 'B' }, queueable: true }),
    );

    expect(screen.getByTestId('sync-badge').textContent).toBe('Offline · 2 ausstehend');

    setOnline(true);
    expect(screen.getByTestId('sync-badge').textContent).toMatch(/^(2 ausstehend|Sync)$/);
  });
});
