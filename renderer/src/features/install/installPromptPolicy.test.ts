import {
  INSTALL_DISMISSED_KEY,
  readInstallDismissedAt,
  shouldShowInstallPrompt,
  storeInstallDismissedAt,
} from './installPromptPolicy';

const DAY = 24 * 60 * 60 * 1000;
const now = Date.UTC(2026, 10, 23, 12, 0, 0);

describe('shouldShowInstallPrompt', () => {
  it('shows the prompt when it was never dismissed', () => {
    expect(shouldShowInstallPrompt({ installed: false, dismissedAt: null, now })).toBe(true);
  });

  it('hides it for 7 days after a dismissal and shows it again after that', () => {
    expect(shouldShowInstallPrompt({ installed: false, dismissedAt: now - 6 * DAY, now })).toBe(false);
    expect(shouldShowInstallPrompt({ installed: false, dismissedAt: now - 7 * DAY + 1, now })).toBe(false);
    expect(shouldShowInstallPrompt({ installed: false, dismissedAt: now - 7 * DAY, now })).toBe(true);
    expect(shouldShowInstallPrompt({ installed: false, dismissedAt: now - 8 * DAY, now })).toBe(true);
  });

  it('hides it once the app is installed, dismissed or not', () => {
    expect(shouldShowInstallPrompt({ installed: true, dismissedAt: null, now })).toBe(false);
    expect(shouldShowInstallPrompt({ installed: true, dismissedAt: now - 8 * DAY, now })).toBe(false);
  });
});

describe('the stored dismissal', () => {
  beforeEach(() => window.localStorage.clear());

  it('is read back as the time it was stored', () => {
    expect(readInstallDismissedAt(window.localStorage)).toBeNull();
    storeInstallDismissedAt(window.localStorage, now);
    expect(window.localStorage.getItem(INSTALL_DISMISSED_KEY)).toBe(String(now));
    expect(readInstallDismissedAt(window.localStorage)).toBe(now);
  });

  it('counts as never dismissed when unreadable, and a failing storage throws nothing', () => {
    window.localStorage.setItem(INSTALL_DISMISSED_KEY, 'gestern');
    expect(readInstallDismissedAt(window.localStorage)).toBeNull();
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(readInstallDismissedAt(broken)).toBeNull();
    expect(() => storeInstallDismissedAt(broken, now)).not.toThrow();
  });
});
