import { useEffect, useState } from 'react';

/** The part of a window this hook reads: its events and the browser's sticky user activation. */
export type EngagementView = Pick<Window, 'addEventListener' | 'removeEventListener'> & {
  navigator: { userActivation?: { hasBeenActive: boolean } };
};

/** What counts as the user's first interaction: a tap, click or key (web.dev: offer installation after engagement). */
const ENGAGEMENT_EVENTS = ['pointerdown', 'keydown'] as const;

/**
 * Whether the user has interacted with this page since it was loaded. A sign-in already counts
 * (the browser's sticky activation, `navigator.userActivation.hasBeenActive`); a page opened
 * with a stored session waits for the first tap or key.
 */
export function useUserEngaged(view: EngagementView = window): boolean {
  const [engaged, setEngaged] = useState(() => view.navigator.userActivation?.hasBeenActive === true);
  useEffect(() => {
    if (engaged) return;
    const engage = () => setEngaged(true);
    for (const type of ENGAGEMENT_EVENTS) view.addEventListener(type, engage, { capture: true, once: true });
    return () => {
      for (const type of ENGAGEMENT_EVENTS) view.removeEventListener(type, engage, { capture: true });
    };
  }, [engaged, view]);
  return engaged;
}
