import { act, fireEvent, render, screen } from '@testing-library/react';
import { de } from '@werkboard/common';
import { ServerVersionNotice, VERSION_CHECK_INTERVAL_MS } from './ServerVersionNotice';

const info = (version: string) => Promise.resolve({ name: 'Werkboard', version });

describe('the browser’s update check', () => {
  it('offers a reload when the server serves another version than the page runs', async () => {
    const reload = jest.fn();
    render(
      <ServerVersionNotice appVersion="0.1.0" fetchInfo={() => info('0.2.0')} isDesktop={false} reload={reload} />,
    );
    fireEvent.click(await screen.findByRole('button', { name: de.desktop.serverVersionNewer('0.2.0') }));
    expect(reload).toHaveBeenCalled();
  });

  it('says nothing when the versions match, asks again every 5 minutes, and never on the desktop', async () => {
    jest.useFakeTimers();
    let served = '0.1.0';
    const fetchInfo = jest.fn(() => info(served));
    const { container } = render(
      <ServerVersionNotice appVersion="0.1.0" fetchInfo={fetchInfo} isDesktop={false} reload={jest.fn()} />,
    );
    await act(async () => {
      await Promise.resolve();
    });
    expect(container.innerHTML).toBe('');
    served = '0.3.0';
    await act(async () => {
      jest.advanceTimersByTime(VERSION_CHECK_INTERVAL_MS);
      await Promise.resolve();
    });
    expect(fetchInfo).toHaveBeenCalledTimes(2);
    expect(container.textContent).toBe(de.desktop.serverVersionNewer('0.3.0'));
    jest.useRealTimers();

    const desktopFetch = jest.fn(() => info('9.9.9'));
    const desktop = render(
      <ServerVersionNotice appVersion="0.1.0" fetchInfo={desktopFetch} isDesktop reload={jest.fn()} />,
    );
    expect(desktop.container.innerHTML).toBe('');
    expect(desktopFetch).not.toHaveBeenCalled();
  });
});
