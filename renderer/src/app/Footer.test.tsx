import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { de } from '@werkboard/common';
import { buildUser } from '../test/fixtures';
import { createFakeFetch } from '../test/fakeFetch';
import { renderWithProviders } from '../test/renderApp';
import { Footer } from './Footer';

function setOnline(online: boolean) {
  jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

const PROJECT = '/projects/0b4f6a52-8d0e-4a8e-9b51-3f3f0c2d9a10';

afterEach(() => {
  jest.restoreAllMocks();
});

describe('footer', () => {
  it("gives an Admin 'Verbindungsdiagnose' with the server log in the app, and nobody else", async () => {
    renderWithProviders(<Footer />, {
      user: buildUser('Admin'),
      fake: createFakeFetch({ 'GET /api/logs/server.log': { body: '08:00:01 Server gestartet' } }),
    });
    fireEvent.click(screen.getByRole('button', { name: de.login.diagnostics }));
    await screen.findByRole('tab', { name: de.diagnostics.serverLogTab });
    const dialog = within(screen.getByRole('dialog', { name: de.diagnostics.title }));
    fireEvent.click(dialog.getByRole('tab', { name: de.diagnostics.serverLogTab }));
    expect(await dialog.findByText('08:00:01 Server gestartet')).toBeTruthy();
  });

  it("shows no 'Verbindungsdiagnose' to a Firmenleiter", () => {
    renderWithProviders(<Footer />, { user: buildUser('Firmenleiter') });
    expect(screen.queryByRole('button', { name: de.login.diagnostics })).toBeNull();
  });

  it('shows the app version and the license type of the user', () => {
    renderWithProviders(<Footer />, { user: buildUser('Monteur', { licenseType: 'Lifetime' }) });

    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('Version 0.0.0-test')).toBeTruthy();
    expect(within(footer).getByText('Lizenz: Lifetime')).toBeTruthy();
  });

  it("shows 'Synchron' online, 'Offline' offline, and never enables the sync button without a queue", () => {
    renderWithProviders(<Footer />, { user: buildUser('Monteur') });

    const synced = screen.getByRole('button', { name: 'Synchron' });
    expect((synced as HTMLButtonElement).disabled).toBe(true);

    setOnline(false);
    const offline = screen.getByRole('button', { name: 'Offline' });
    expect((offline as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Synchron' })).toBeNull();

    setOnline(true);
    expect(screen.getByRole('button', { name: 'Synchron' })).toBeTruthy();
  });

  it("counts queued changes ('1 ausstehend'), syncs them with the button and shows the outcome for 2 s", async () => {
    jest.useFakeTimers();
    try {
      let serverUp = false;
      const fake = createFakeFetch({
        [`PUT /api${PROJECT}`]: () =>
          serverUp ? { body: { revision: 2 } } : Promise.reject(new TypeError('Failed to fetch')),
      });
      const { extra } = renderWithProviders(<Footer />, { user: buildUser('Monteur'), fake });
      await act(() =>
        extra.save({ method: 'PUT', path: PROJECT, body: { revision: 1, name: 'Bad' }, queueable: true }),
      );

      const pending = screen.getByRole('button', { name: '1 ausstehend' });
      expect((pending as HTMLButtonElement).disabled).toBe(false);
      expect(pending.getAttribute('title')).toBe(de.sync.pendingHint(1));

      // Still no server: the change stays and the button says so.
      fireEvent.click(pending);
      expect(await screen.findByText(de.sync.syncStopped)).toBeTruthy();
      expect(screen.getByRole('button', { name: '1 ausstehend' })).toBeTruthy();
      act(() => jest.advanceTimersByTime(2000));
      expect(screen.queryByText(de.sync.syncStopped)).toBeNull();

      serverUp = true;
      fireEvent.click(screen.getByRole('button', { name: '1 ausstehend' }));
      expect(await screen.findByText(de.sync.syncFinished)).toBeTruthy();
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Synchron' }).disabled).toBe(true);
      // The first try, the replay without a server, the replay that went through: one key throughout.
      const keys = fake.calls(`PUT /api${PROJECT}`).map((request) => request.headers['Idempotency-Key']);
      expect(keys).toHaveLength(3);
      expect(keys[0]).toBeTruthy();
      expect(new Set(keys).size).toBe(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('lists a change the server refused with its reason; retry sends it again, discard asks first', async () => {
    let answer = { status: 400, body: { message: 'Der Projektname ist erforderlich.' } };
    const fake = createFakeFetch({ [`PUT /api${PROJECT}`]: () => answer });
    jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { extra, store } = renderWithProviders(<Footer />, { user: buildUser('Monteur'), fake });
    await act(() => extra.save({ method: 'PUT', path: PROJECT, body: { revision: 1, name: '' }, queueable: true }));
    jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    await act(() => extra.sync.sync());

    fireEvent.click(screen.getByRole('button', { name: '1 Änderung fehlgeschlagen' }));
    const dialog = screen.getByRole('dialog', { name: de.sync.failedTitle });
    expect(within(dialog).getByText('Projekt „?“ speichern')).toBeTruthy();
    expect(within(dialog).getByText('Der Projektname ist erforderlich.')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: de.sync.retry }));
    await waitFor(() => expect(fake.calls(`PUT /api${PROJECT}`)).toHaveLength(2));
    await waitFor(() => expect(store.getState().sync.failed).toHaveLength(1));

    fireEvent.click(within(dialog).getByRole('button', { name: de.sync.discard }));
    expect(within(dialog).getByText(de.sync.discardConfirm)).toBeTruthy();
    expect(store.getState().sync.failed).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: de.sync.discard }));
    await waitFor(() => expect(store.getState().sync.failed).toHaveLength(0));
    answer = { status: 200, body: { message: 'x' } };
    expect(screen.queryByRole('button', { name: '1 Änderung fehlgeschlagen' })).toBeNull();
  });

  it("opens 'Hilfe/Impressum' from its chunk and closes it again", async () => {
    renderWithProviders(<Footer />, { user: buildUser('Monteur') });

    fireEvent.click(screen.getByRole('button', { name: 'Hilfe/Impressum' }));
    await screen.findByText(de.help.messages);
    const dialog = screen.getByRole('dialog', { name: de.help.title });
    expect(within(dialog).getByText(de.help.messages)).toBeTruthy();

    fireEvent.click(within(dialog).getAllByRole('button', { name: de.help.close })[0]!);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
