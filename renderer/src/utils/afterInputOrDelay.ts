/** What says that the user acts on the page: a tap, a click, a key. */
const INPUT_EVENTS = ['pointerdown', 'keydown'] as const;

type View = Pick<Window, 'addEventListener' | 'removeEventListener' | 'setTimeout' | 'clearTimeout'>;

/**
 * Resolves at the user's first input (a tap, a click or a key) or after `delayMs`, whichever
 * comes first. For work that can wait until the page the user looks at is finished, but should
 * be done before the user goes on (issue 19: the other pages' chunks after the landing page).
 */
export function afterInputOrDelay(delayMs: number, view: View = window): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      view.clearTimeout(timer);
      for (const type of INPUT_EVENTS) view.removeEventListener(type, done, true);
      resolve();
    };
    const timer = view.setTimeout(done, delayMs);
    for (const type of INPUT_EVENTS) view.addEventListener(type, done, true);
  });
}
