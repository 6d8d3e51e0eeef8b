import { act, fireEvent, screen, within } from '@testing-library/react';
import { de } from '@werkboard/common';
import { buildUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderApp';
import { Footer } from './Footer';

function setOnline(online: boolean) {
  jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => {
  jest.restoreAllMocks();
});

describe('footer', () => {
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

  it("opens 'Hilfe/Impressum' and closes it again", () => {
    renderWithProviders(<Footer />, { user: buildUser('Monteur') });

    fireEvent.click(screen.getByRole('button', { name: 'Hilfe/Impressum' }));
    const dialog = screen.getByRole('dialog', { name: de.help.title });
    expect(within(dialog).getByText(de.help.messages)).toBeTruthy();

    fireEvent.click(within(dialog).getAllByRole('button', { name: de.help.close })[0]!);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
