import { guardUnload, UnsavedWork } from './unsavedWork';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** Dispatches a cancelable beforeunload on `target` as the browser does; true when the page asked to stay. */
function leave(target: EventTarget): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  target.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('UnsavedWork and guardUnload', () => {
  it('asks before leaving while a write is in hand, and no longer once every write has settled', async () => {
    const target = new EventTarget() as unknown as Window;
    const work = new UnsavedWork();
    guardUnload(target, work);
    expect(leave(target)).toBe(false);

    const first = deferred();
    const second = deferred();
    const tracked = [work.track(first.promise), work.track(second.promise).catch(() => undefined)];
    expect(work.busy).toBe(true);
    expect(leave(target)).toBe(true);

    first.resolve();
    await tracked[0];
    expect(leave(target)).toBe(true);
    // A failed write is shown to the user by its caller: it no longer holds the page.
    second.reject(new Error('offline'));
    await tracked[1];
    expect(work.busy).toBe(false);
    expect(leave(target)).toBe(false);
  });

  it('passes the result and the failure of the work through', async () => {
    const work = new UnsavedWork();
    await expect(work.track(Promise.resolve(7))).resolves.toBe(7);
    await expect(work.track(Promise.reject(new Error('nein')))).rejects.toThrow('nein');
    expect(work.busy).toBe(false);
  });

  it('adds its listener only while busy and removes it when stopped', async () => {
    const target = {
      addEventListener: jest.fn<void, [string, unknown]>(),
      removeEventListener: jest.fn<void, [string, unknown]>(),
    };
    const work = new UnsavedWork();
    const stop = guardUnload(target, work);
    expect(target.addEventListener).not.toHaveBeenCalled();

    const write = deferred();
    const tracked = work.track(write.promise);
    expect(target.addEventListener).toHaveBeenCalledTimes(1);
    write.resolve();
    await tracked;
    const [[, listener]] = target.addEventListener.mock.calls as [[string, unknown]];
    expect(target.removeEventListener).toHaveBeenCalledWith('beforeunload', listener);

    stop();
    void work.track(new Promise(() => undefined));
    expect(target.addEventListener).toHaveBeenCalledTimes(1);
  });
});
