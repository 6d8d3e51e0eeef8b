import { afterInputOrDelay } from './afterInputOrDelay';
import { settled } from '../test/settled';

describe('afterInputOrDelay', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('resolves after the delay when the user does nothing', async () => {
    const waited = afterInputOrDelay(3000);
    jest.advanceTimersByTime(2999);
    expect(await settled(waited)).toBe(false);
    jest.advanceTimersByTime(1);
    expect(await settled(waited)).toBe(true);
  });

  it.each(['pointerdown', 'keydown'])('resolves at once at the first %s', async (type) => {
    const waited = afterInputOrDelay(3000);
    jest.advanceTimersByTime(100);
    expect(await settled(waited)).toBe(false);
    window.dispatchEvent(new Event(type));
    expect(await settled(waited)).toBe(true);
  });

  it('stops listening once resolved: no timer and no listener left behind', () => {
    const removed: string[] = [];
    const view = {
      addEventListener: window.addEventListener.bind(window),
      removeEventListener: (type: string, listener: EventListener, options?: boolean) => {
        removed.push(type);
        window.removeEventListener(type, listener, options);
      },
      setTimeout: window.setTimeout.bind(window),
      clearTimeout: window.clearTimeout.bind(window),
    } as unknown as Window;
    void afterInputOrDelay(3000, view);
    window.dispatchEvent(new Event('keydown'));
    expect(removed).toEqual(['pointerdown', 'keydown']);
    expect(jest.getTimerCount()).toBe(0);
  });
});
