/**
 * Runs `task` when the browser is idle (at the latest after 5 s), or after 2 s where there is
 * no requestIdleCallback (Safari). Returns the cancel function, for an effect's cleanup.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 5000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(task, 2000);
  return () => window.clearTimeout(timer);
}
