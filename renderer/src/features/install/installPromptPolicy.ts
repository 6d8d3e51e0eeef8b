/** Spec section 4: the install prompt returns 7 days after it was dismissed. */
export const INSTALL_PROMPT_SNOOZE_MS = 7 * 24 * 60 * 60 * 1000;
/** localStorage key of the last dismissal (epoch milliseconds). */
export const INSTALL_DISMISSED_KEY = 'werkboard-install-dismissed-at';

export interface InstallPromptFacts {
  /** The app runs installed (standalone) or was installed from this page. */
  installed: boolean;
  /** When the prompt was last dismissed (epoch ms), null if never. */
  dismissedAt: number | null;
  now: number;
}

/** Shown unless dismissed within the last 7 days; hidden once installed. */
export function shouldShowInstallPrompt({ installed, dismissedAt, now }: InstallPromptFacts): boolean {
  if (installed) return false;
  if (dismissedAt === null) return true;
  return now - dismissedAt >= INSTALL_PROMPT_SNOOZE_MS;
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The stored dismissal time; null if none, unreadable or unusable. */
export function readInstallDismissedAt(storage: KeyValueStorage): number | null {
  try {
    const stored = storage.getItem(INSTALL_DISMISSED_KEY);
    if (stored === null) return null;
    const value = Number(stored);
    return Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

/** Stores the dismissal; a full or blocked storage only means the prompt returns sooner. */
export function storeInstallDismissedAt(storage: KeyValueStorage, now: number): void {
  try {
    storage.setItem(INSTALL_DISMISSED_KEY, String(now));
  } catch {
    // Nothing to do: the card stays hidden for this session anyway.
  }
}
