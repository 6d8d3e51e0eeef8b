import { QUEUED } from '../../api/save';
import { loggedIn } from '../../features/auth/authSlice';
import { createAppStore, startPersistence } from '../../store';
import { buildUser } from '../../test/fixtures';
import { createFakeFetch } from '../../test/fakeFetch';
import { TEST_DEVICE_ID, TEST_TOKEN } from '../../test/renderApp';
import { createPlatform } from '../index';
import { createFakeShell } from './fakeShell';
import type { FakeShell } from './fakeShell';

/**
 * The renderer inside the shell, end to end up to the bridge: the platform picks the shell's
 * store, session file and save dialog. The shell's own side (SQLite, the file, the forwarder)
 * is tested in desktop/.
 */
function windowWith(shell: FakeShell | null): Window {
  return Object.assign(Object.create(window) as Window, shell ? { werkboard: shell.bridge } : {});
}

/**
 * What Chromium does with the forwarder's Response.error() (Electron's protocol.handle answers
 * it with net::ERR_FAILED): the page's fetch rejects with a TypeError, as without signal.
 */
const unreachable = () => Promise.reject(new TypeError('Failed to fetch'));

function startApp(shell: FakeShell, fetch: Parameters<typeof createAppStore>[0]['fetch']) {
  const platform = createPlatform(windowWith(shell));
  const app = createAppStore({
    fetch,
    deviceId: TEST_DEVICE_ID,
    persistStorage: platform.persistStorage,
    localStorage: window.localStorage,
    navigate: () => undefined,
    localStore: platform.localStore,
    saveFile: platform.saveFile,
    online: () => true,
  });
  return { ...app, persistor: startPersistence(app.store), platform };
}

const waitFor = async (condition: () => boolean) => {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(condition()).toBe(true);
};

describe('the platform in the desktop shell', () => {
  it('is chosen by the bridge: desktop with window.werkboard, web without', () => {
    expect(createPlatform(windowWith(createFakeShell())).kind).toBe('desktop');
    expect(createPlatform(windowWith(null)).kind).toBe('web');
    expect(
      createPlatform(Object.assign(Object.create(window) as Window, { werkboard: { platform: 'other' } })).kind,
    ).toBe('web');
  });

  it('queues a save in the shell’s store when the server cannot be reached, and replays it after a restart', async () => {
    const shell = createFakeShell({ serverAddress: 'http://192.168.1.20:3000' });
    const offline = startApp(shell, unreachable);
    const user = buildUser('Admin');
    offline.store.dispatch(loggedIn({ token: TEST_TOKEN, user }));
    await offline.extra.sync.startSession(user.id);
    const answer = await offline.extra.save({
      method: 'PUT',
      path: '/settings',
      body: { theme: 'dunkel' },
      queueable: true,
    });
    expect(answer).toBe(QUEUED);
    expect(shell.rows()).toHaveLength(1);
    const queued = JSON.parse(shell.rows()[0]!.write) as { key: string };
    expect(queued).toMatchObject({ method: 'PUT', path: '/settings', body: { theme: 'dunkel' } });

    // The app restarts with the server back: the session comes from the shell's file, the
    // queue from its store, and the write reaches the server with its idempotency key.
    await waitFor(() => shell.persisted.size === 1);
    const fake = createFakeFetch({ 'PUT /api/settings': { body: {} } });
    const online = startApp(shell, fake.fetch);
    await waitFor(() => online.persistor.getState().bootstrapped);
    expect(online.store.getState().auth.token).toBe(TEST_TOKEN);
    await online.extra.sync.startSession(user.id);
    await online.extra.sync.sync();
    expect(fake.calls('PUT /api/settings')).toHaveLength(1);
    expect(fake.calls('PUT /api/settings')[0]!.headers['Idempotency-Key']).toBe(queued.key);
    expect(shell.rows()).toEqual([]);
  });

  it('saves files through the shell’s dialog: the PDF export’s call lands in the native save', async () => {
    const shell = createFakeShell();
    const { extra } = startApp(shell, unreachable);
    const pdf = new TextEncoder().encode('%PDF-1.7');
    await expect(extra.saveFile('Projektbericht - Bad 1/2: Nord.pdf', pdf, 'application/pdf')).resolves.toBe('saved');
    expect(shell.saved).toEqual([
      { defaultName: 'Projektbericht - Bad 1-2- Nord.pdf', data: pdf, filter: { name: 'PDF', extensions: ['pdf'] } },
    ]);
    const canceled = createFakeShell({ saveAs: null });
    await expect(startApp(canceled, unreachable).extra.saveFile('a.pdf', pdf, 'application/pdf')).resolves.toBe(
      'canceled',
    );
  });
});
