import { screen, waitFor } from '@testing-library/react';
import type { CurrentUserDto } from '@werkboard/common';
import { de, DEFAULT_USER_SETTINGS } from '@werkboard/common';
import { startPersistence } from '../store';
import { buildUser } from '../test/fixtures';
import { createFakeFetch, networkFailure } from '../test/fakeFetch';
import { createMemoryStorage, createTestStore, persistedAuth, renderApp, TEST_TOKEN } from '../test/renderApp';
import { selectUserSettings } from '../entities/settings/settingsSelectors';

/**
 * A session a browser kept from an older version (or another server's) holds settings of an
 * older shape: the app reads them without zod (issue 19, branch frame19d) and must neither
 * crash on them nor show them (docs/decisions.md).
 */
const OLD_SHAPE = {
  colors: { appBg: 'dunkelblau', columnBg: '#123456', oldAccent: '#FF0000' },
  appearance: { theme: 'aurora', patternColor: '#00FF00' },
  display: 'kompakt',
  features: { showAppointmentsOnDashboard: 'ja', kwpExportEnabled: true },
};

const rootVar = (name: string) => document.documentElement.style.getPropertyValue(name);

async function startOffline(user: CurrentUserDto) {
  const fake = createFakeFetch({ 'GET /api/auth/me': networkFailure() });
  const persistStorage = createMemoryStorage(persistedAuth({ token: TEST_TOKEN, user }));
  const context = createTestStore({ fake, persistStorage });
  const persistor = startPersistence(context.store);
  await waitFor(() => expect(persistor.getState().bootstrapped).toBe(true));
  return renderApp('/', {}, context);
}

describe('settings of a stored session', () => {
  it('shows the defaults for values of an old shape and keeps the valid ones, offline', async () => {
    const { store } = await startOffline(
      buildUser('Monteur', { settings: OLD_SHAPE as unknown as CurrentUserDto['settings'] }),
    );

    expect(await screen.findByRole('heading', { level: 1, name: de.pages.dashboard })).toBeTruthy();
    expect(rootVar('--app-bg')).toBe(DEFAULT_USER_SETTINGS.colors.appBg);
    expect(rootVar('--column-bg')).toBe('#123456');
    expect(rootVar('--app-pattern')).toBe('none');
    const settings = selectUserSettings(store.getState());
    expect(settings.display).toEqual(DEFAULT_USER_SETTINGS.display);
    expect(settings.features).toEqual({ ...DEFAULT_USER_SETTINGS.features, kwpExportEnabled: true });
    expect(settings.colors).not.toHaveProperty('oldAccent');
  });

  it('fills in the defaults for a session stored before the settings existed', async () => {
    const { settings: _settings, ...withoutSettings } = buildUser('Monteur');
    const { store } = await startOffline(withoutSettings as CurrentUserDto);

    expect(await screen.findByRole('heading', { level: 1, name: de.pages.dashboard })).toBeTruthy();
    expect(selectUserSettings(store.getState())).toEqual(DEFAULT_USER_SETTINGS);
    expect(rootVar('--app-bg')).toBe(DEFAULT_USER_SETTINGS.colors.appBg);
  });

  it('takes the server’s resolved settings as they come', async () => {
    const answered = {
      ...DEFAULT_USER_SETTINGS,
      colors: { ...DEFAULT_USER_SETTINGS.colors, appBg: '#102030' },
      appearance: { theme: 'dots' as const, patternColor: '#FF0000' },
    };
    const { store } = await startOffline(buildUser('Monteur', { settings: answered }));

    expect(await screen.findByRole('heading', { level: 1, name: de.pages.dashboard })).toBeTruthy();
    expect(selectUserSettings(store.getState())).toEqual(answered);
    expect(rootVar('--app-bg')).toBe('#102030');
    expect(decodeURIComponent(rootVar('--app-pattern'))).toContain('#FF0000');
  });
});
