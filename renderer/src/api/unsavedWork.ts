/**
 * The writes this page holds that are not yet kept anywhere else: neither answered by the
 * server nor saved in the device's queue (a project's edits while their save runs, a queueable
 * save on its way). Closing or reloading the page in that moment would lose them without a word,
 * so the page asks first (`guardUnload`): the browser's own question, the desktop shell's dialog.
 */
export class UnsavedWork {
  private count = 0;
  private readonly listeners = new Set<(busy: boolean) => void>();

  /** Counts `work` until it has settled (answered, queued or failed: failures are shown). */
  track<T>(work: Promise<T>): Promise<T> {
    this.add(1);
    return work.finally(() => this.add(-1));
  }

  get busy(): boolean {
    return this.count > 0;
  }

  /** Called with `busy` whenever it changes; returns the unsubscribe. */
  subscribe(listener: (busy: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private add(step: 1 | -1): void {
    const before = this.busy;
    this.count += step;
    if (this.busy !== before) for (const listener of this.listeners) listener(this.busy);
  }
}

type UnloadTarget = Pick<Window, 'addEventListener' | 'removeEventListener'>;

/**
 * While `work` is busy, leaving the page (closing the tab, reloading, the shell's window
 * closing) asks first. The listener is there only then: a page with a `beforeunload` listener
 * is not kept in some browsers' back-forward cache.
 */
export function guardUnload(target: UnloadTarget, work: UnsavedWork): () => void {
  const ask = (event: BeforeUnloadEvent) => {
    event.preventDefault();
    // Older browsers ask only when this is set; its text is not shown by any current one.
    event.returnValue = '';
  };
  const follow = (busy: boolean) => {
    if (busy) target.addEventListener('beforeunload', ask);
    else target.removeEventListener('beforeunload', ask);
  };
  follow(work.busy);
  const unsubscribe = work.subscribe(follow);
  return () => {
    unsubscribe();
    target.removeEventListener('beforeunload', ask);
  };
}
