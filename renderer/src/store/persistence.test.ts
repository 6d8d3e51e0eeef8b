import { waitFor } from '@testing-library/react';
import { loggedIn, sessionLost } from '../entities/session/authSlice';
import { buildUser } from '../test/fixtures';
import { createMemoryStorage, createTestStore, TEST_TOKEN } from '../test/renderApp';
import { startPersistence } from '.';

const KEY = 'persist:werkboard-auth';

function stored(storage: ReturnType<typeof createMemoryStorage>): Record<string, unknown> {
  const raw = JSON.parse(storage.data.get(KEY) ?? '{}') as Record<string, string>;
  return Object.fromEntries(Object.entries(raw).map(([key, value]) => [key, JSON.parse(value) as unknown]));
}

describe('persistence', () => {
  it('keeps only token, user, last user and the enrol-first flag of the auth slice', async () => {
    const persistStorage = createMemoryStorage();
    const { store } = createTestStore({ persistStorage });
    const persistor = startPersistence(store);
    await waitFor(() => expect(persistor.getState().bootstrapped).toBe(true));

    store.dispatch(loggedIn({ token: TEST_TOKEN, user: buildUser('Admin') }));

    await waitFor(() => expect(stored(persistStorage).token).toBe(TEST_TOKEN));
    const saved = stored(persistStorage);
    expect(Object.keys(saved).sort()).toEqual(['_persist', 'lastUser', 'secondFactorSetupRequired', 'token', 'user']);
    expect(saved.secondFactorSetupRequired).toBe(false);
    expect(saved.lastUser).toEqual({ username: 'admin', role: 'Admin' });
    expect([...persistStorage.data.keys()]).toEqual([KEY]);
  });

  it('forgets the token after a lost session but remembers the last user', async () => {
    const persistStorage = createMemoryStorage();
    const { store } = createTestStore({ persistStorage });
    const persistor = startPersistence(store);
    await waitFor(() => expect(persistor.getState().bootstrapped).toBe(true));
    store.dispatch(loggedIn({ token: TEST_TOKEN, user: buildUser('Admin') }));
    await waitFor(() => expect(stored(persistStorage).token).toBe(TEST_TOKEN));

    store.dispatch(sessionLost());

    await waitFor(() => expect(stored(persistStorage).token).toBeNull());
    expect(stored(persistStorage).user).toBeNull();
    expect(stored(persistStorage).lastUser).toEqual({ username: 'admin', role: 'Admin' });
  });
});
