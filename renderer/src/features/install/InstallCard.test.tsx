import { act, fireEvent, render, screen } from '@testing-library/react';
import { de } from '@werkboard/common';
import { InstallCard } from './InstallCard';
import { InstallLink } from './InstallLink';
import { INSTALL_DISMISSED_KEY } from './installPromptPolicy';
import { createInstallPromptSource } from './installPromptSource';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);

/** A window stand-in: events, a display mode and whether the user has interacted yet (sticky activation). */
function fakeWindow(standalone = false, hasBeenActive = true) {
  const target = new EventTarget();
  const mediaQuery = Object.assign(new EventTarget(), { matches: standalone });
  return Object.assign(target, {
    navigator: { userActivation: { hasBeenActive } },
    matchMedia: (query: string) =>
      query === '(display-mode: standalone)' ? mediaQuery : Object.assign(new EventTarget(), { matches: false }),
    mediaQuery,
  });
}

/** Fires Chromium's beforeinstallprompt; the user answers the browser's dialog with `outcome`. */
function offerInstall(target: EventTarget, outcome: 'accepted' | 'dismissed' = 'accepted') {
  const prompt = jest.fn(() => Promise.resolve());
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt,
    userChoice: Promise.resolve({ outcome, platform: 'web' }),
  });
  act(() => {
    target.dispatchEvent(event);
  });
  return { prompt, event };
}

function setup({
  dismissedAt,
  standalone = false,
  engaged = true,
}: { dismissedAt?: number; standalone?: boolean; engaged?: boolean } = {}) {
  window.localStorage.clear();
  if (dismissedAt !== undefined) window.localStorage.setItem(INSTALL_DISMISSED_KEY, String(dismissedAt));
  const target = fakeWindow(standalone, engaged);
  const source = createInstallPromptSource(target as unknown as Window);
  render(<InstallCard source={source} storage={window.localStorage} now={() => NOW} view={target} />);
  return { target, source };
}

const card = () => screen.queryByRole('complementary', { name: de.install.title });

describe('InstallCard', () => {
  it('appears once the browser offers installation and keeps the browser from showing its own bar', () => {
    const { target } = setup();
    expect(card()).toBeNull();
    const { event } = offerInstall(target);
    expect(event.defaultPrevented).toBe(true);
    expect(card()).not.toBeNull();
    expect(screen.getByText(de.install.text)).toBeTruthy();
  });

  it('waits for the first tap or key when the page was opened without an interaction (a stored session)', () => {
    const { target } = setup({ engaged: false });
    offerInstall(target);
    expect(card()).toBeNull();
    act(() => {
      target.dispatchEvent(new Event('pointerdown'));
    });
    expect(card()).not.toBeNull();

    const byKey = setup({ engaged: false });
    offerInstall(byKey.target);
    act(() => {
      byKey.target.dispatchEvent(new Event('keydown'));
    });
    expect(screen.getAllByRole('complementary', { name: de.install.title })).toHaveLength(2);
  });

  it("installs with the browser's dialog and is gone afterwards", async () => {
    const { target } = setup();
    const { prompt } = offerInstall(target, 'accepted');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: de.login.installApp }));
      await Promise.resolve();
    });
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(card()).toBeNull();
  });

  it('is dismissed for 7 days: the time is stored and the card hides', () => {
    const { target } = setup();
    offerInstall(target);
    fireEvent.click(screen.getByRole('button', { name: de.install.later }));
    expect(card()).toBeNull();
    expect(window.localStorage.getItem(INSTALL_DISMISSED_KEY)).toBe(String(NOW));
  });

  it('stays hidden 6 days after a dismissal and returns after 8', () => {
    const recent = setup({ dismissedAt: NOW - 6 * DAY });
    offerInstall(recent.target);
    expect(card()).toBeNull();

    const earlier = setup({ dismissedAt: NOW - 8 * DAY });
    offerInstall(earlier.target);
    expect(card()).not.toBeNull();
  });

  it('hides when the app is installed from elsewhere (appinstalled) and when it runs installed', () => {
    const { target } = setup();
    offerInstall(target);
    act(() => {
      target.dispatchEvent(new Event('appinstalled'));
    });
    expect(card()).toBeNull();

    const standalone = setup({ standalone: true });
    offerInstall(standalone.target);
    expect(card()).toBeNull();
  });

  it('hides when the window switches to the installed display mode', () => {
    const { target } = setup();
    offerInstall(target);
    act(() => {
      target.mediaQuery.matches = true;
      target.mediaQuery.dispatchEvent(new Event('change'));
    });
    expect(card()).toBeNull();
  });
});

describe('InstallLink (login screen)', () => {
  it("offers 'App installieren' while the browser allows it, regardless of a dismissed card", async () => {
    window.localStorage.setItem(INSTALL_DISMISSED_KEY, String(Date.now()));
    const target = fakeWindow();
    const source = createInstallPromptSource(target as unknown as Window);
    render(<InstallLink source={source} />);
    expect(screen.queryByRole('button', { name: de.login.installApp })).toBeNull();

    const { prompt } = offerInstall(target, 'dismissed');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: de.login.installApp }));
      await Promise.resolve();
    });
    expect(prompt).toHaveBeenCalledTimes(1);
    // The offer is used up until the browser makes a new one.
    expect(screen.queryByRole('button', { name: de.login.installApp })).toBeNull();
  });
});
