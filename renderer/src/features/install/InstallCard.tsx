import { useId, useState } from 'react';
import { de } from '@werkboard/common';
import { readInstallDismissedAt, shouldShowInstallPrompt, storeInstallDismissedAt } from './installPromptPolicy';
import { installPromptSource, type InstallPromptSource } from './installPromptSource';
import { useInstallPrompt } from './useInstallPrompt';
import { useUserEngaged, type EngagementView } from './useUserEngaged';

export interface InstallCardProps {
  source?: InstallPromptSource;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  now?: () => number;
  view?: EngagementView;
}

/**
 * The app shell's install prompt card (spec sections 2 and 4): shown while the browser offers
 * installation, unless dismissed within the last 7 days; hidden once installed. It waits for the
 * user's first interaction with the page (a sign-in counts), so that opening the app shows the
 * page first, not the offer as the largest, last thing painted (docs/decisions.md).
 */
export function InstallCard({
  source = installPromptSource,
  storage = window.localStorage,
  now = Date.now,
  view = window,
}: InstallCardProps) {
  const { canInstall, installed } = useInstallPrompt(source);
  const engaged = useUserEngaged(view);
  const [dismissedAt, setDismissedAt] = useState(() => readInstallDismissedAt(storage));
  const titleId = useId();

  if (!engaged || !canInstall || !shouldShowInstallPrompt({ installed, dismissedAt, now: now() })) return null;

  const dismiss = () => {
    const at = now();
    storeInstallDismissedAt(storage, at);
    setDismissedAt(at);
  };

  return (
    <aside className="install-card" aria-labelledby={titleId}>
      <h2 className="install-card__title" id={titleId}>
        {de.install.title}
      </h2>
      <p className="install-card__text">{de.install.text}</p>
      <div className="install-card__actions">
        <button type="button" className="button button--primary" onClick={() => void source.install()}>
          {de.login.installApp}
        </button>
        <button type="button" className="button button--secondary" onClick={dismiss} title={de.install.laterHint}>
          {de.install.later}
        </button>
      </div>
    </aside>
  );
}
