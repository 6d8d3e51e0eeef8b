import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { de } from '@werkboard/common';
import { createFakeShell } from './fakeShell';
import { ServerAddressSetting, ServerSetupScreen } from './ServerAddressForm';

const t = de.desktop;

describe('the server address at the first start', () => {
  it('says in German why an address was not taken, and goes on once a Werkboard server answers', async () => {
    const answers = {
      'ftp://x': { ok: false, reason: 'invalid' },
      'http://10.0.0.9': { ok: false, reason: 'unreachable' },
      'http://router': { ok: false, reason: 'notWerkboard' },
    } as const;
    const shell = createFakeShell({
      checkAddress: (address) =>
        answers[address as keyof typeof answers] ?? { ok: true, address: 'http://192.168.1.20:3000' },
    });
    const saved = jest.fn();
    render(<ServerSetupScreen bridge={shell.bridge} onSaved={saved} />);
    expect(screen.getByText(t.serverAddressIntro)).toBeTruthy();
    const input = screen.getByLabelText(t.serverAddressLabel);
    for (const [address, message] of [
      ['ftp://x', t.serverAddressInvalid],
      ['http://10.0.0.9', t.serverAddressUnreachable],
      ['http://router', t.serverAddressNotWerkboard],
    ] as const) {
      fireEvent.change(input, { target: { value: address } });
      fireEvent.click(screen.getByRole('button', { name: t.serverAddressSave }));
      expect((await screen.findByRole('alert')).textContent).toBe(message);
    }
    expect(saved).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '192.168.1.20:3000' } });
    fireEvent.click(screen.getByRole('button', { name: t.serverAddressSave }));
    await waitFor(() => expect(saved).toHaveBeenCalledWith('http://192.168.1.20:3000'));
    await expect(shell.bridge.getServerAddress()).resolves.toBe('http://192.168.1.20:3000');
  });
});

describe("'Server-Adresse ändern' in the settings", () => {
  it('shows the current server and lets the user change it', async () => {
    const shell = createFakeShell({ serverAddress: 'http://192.168.1.20:3000' });
    const saved = jest.fn();
    render(<ServerAddressSetting bridge={shell.bridge} onSaved={saved} />);
    expect(await screen.findByText(t.serverAddressCurrent('http://192.168.1.20:3000'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: t.serverAddressChange }));
    const input = screen.getByLabelText<HTMLInputElement>(t.serverAddressLabel);
    expect(input.value).toBe('http://192.168.1.20:3000');
    fireEvent.change(input, { target: { value: 'https://werkboard.firma.de' } });
    fireEvent.click(screen.getByRole('button', { name: t.serverAddressSave }));
    await waitFor(() => expect(saved).toHaveBeenCalledWith('https://werkboard.firma.de'));
  });

  it('is not there in the browser', () => {
    const { container } = render(<ServerAddressSetting bridge={null} onSaved={jest.fn()} />);
    expect(container.innerHTML).toBe('');
  });
});
