/**
 * The browser's side of installing the PWA: the deferred `beforeinstallprompt` event (Chromium
 * browsers fire it once per page load, often before the card is on screen, so it is caught
 * from the start), `appinstalled`, and whether the app already runs installed.
 */

/** Chromium's event, which TypeScript's DOM library does not describe. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

export interface InstallPromptState {
  /** The browser offered installation and the offer has not been used yet. */
  canInstall: boolean;
  /** Running as the installed app, or installed from this page. */
  installed: boolean;
}

export type InstallOutcome = 'accepted' | 'dismissed' | 'unavailable';

export interface InstallPromptSource {
  getState: () => InstallPromptState;
  subscribe: (listener: () => void) => () => void;
  /** Shows the browser's install dialog (once per offer). */
  install: () => Promise<InstallOutcome>;
}

const STANDALONE = '(display-mode: standalone)';
const STANDALONE_QUERIES = [STANDALONE, '(display-mode: window-controls-overlay)'];

function runsInstalled(target: Window): boolean {
  // iOS Safari's home-screen apps say so through navigator.standalone.
  if ((target.navigator as Navigator & { standalone?: boolean }).standalone === true) return true;
  if (typeof target.matchMedia !== 'function') return false;
  return STANDALONE_QUERIES.some((query) => target.matchMedia(query).matches);
}

/** Listens on `target` from now on; without a window (tests, server) nothing is ever offered. */
export function createInstallPromptSource(target: Window | undefined): InstallPromptSource {
  let deferred: BeforeInstallPromptEvent | null = null;
  let state: InstallPromptState = { canInstall: false, installed: target ? runsInstalled(target) : false };
  const listeners = new Set<() => void>();

  const update = (next: Partial<InstallPromptState>) => {
    const merged = { ...state, ...next };
    if (merged.canInstall === state.canInstall && merged.installed === state.installed) return;
    state = merged;
    for (const listener of listeners) listener();
  };

  if (target) {
    target.addEventListener('beforeinstallprompt', (event) => {
      // Keep the browser's own mini-infobar away; the card and the login link offer it instead.
      event.preventDefault();
      deferred = event as BeforeInstallPromptEvent;
      update({ canInstall: true });
    });
    target.addEventListener('appinstalled', () => {
      deferred = null;
      update({ canInstall: false, installed: true });
    });
    if (typeof target.matchMedia === 'function') {
      const query = target.matchMedia(STANDALONE);
      query.addEventListener('change', () => update({ installed: runsInstalled(target) }));
    }
  }

  return {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    install: async () => {
      const offer = deferred;
      if (!offer) return 'unavailable';
      // An offer can be shown once; the browser fires a new event if it may ask again.
      deferred = null;
      update({ canInstall: false });
      try {
        await offer.prompt();
        const { outcome } = await offer.userChoice;
        if (outcome === 'accepted') update({ installed: true });
        return outcome;
      } catch {
        return 'unavailable';
      }
    },
  };
}

/** The page's one source, listening from the moment the app's code is loaded. */
export const installPromptSource: InstallPromptSource = createInstallPromptSource(
  typeof window === 'undefined' ? undefined : window,
);
