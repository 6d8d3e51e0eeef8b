/** How long to wait for frames at the most: a hidden tab draws none. */
const LATEST_MS = 1000;

/**
 * Resolves once the browser has painted the frame after this moment (the second animation
 * frame from now: the first runs before that paint, the second after it), at the latest after
 * LATEST_MS. For work that must not compete with what is about to be drawn (issue 19: the
 * other pages' chunks after the landing page's content is on screen).
 */
export function afterNextPaint(view: Pick<Window, 'requestAnimationFrame' | 'setTimeout'> = window): Promise<void> {
  return new Promise((resolve) => {
    view.setTimeout(resolve, LATEST_MS);
    view.requestAnimationFrame(() => view.requestAnimationFrame(() => resolve()));
  });
}
