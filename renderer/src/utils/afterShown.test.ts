import { afterElementShown, afterLargestPaint } from './afterShown';
import { settled } from '../test/settled';

/** A browser's view with a PerformanceObserver that reports what the test says, and a clock. */
function browser(supported: string[]) {
  const observers: { callback: PerformanceObserverCallback; type?: string }[] = [];
  const timers: (() => void)[] = [];
  let now = 100;
  class FakeObserver {
    static supportedEntryTypes = supported;
    constructor(private readonly callback: PerformanceObserverCallback) {}
    observe(options: PerformanceObserverInit) {
      observers.push({ callback: this.callback, type: options.type });
    }
    disconnect() {
      const index = observers.findIndex((observer) => observer.callback === this.callback);
      if (index >= 0) observers.splice(index, 1);
    }
  }
  const view = {
    PerformanceObserver: FakeObserver as unknown as typeof PerformanceObserver,
    performance: { now: () => now },
    requestAnimationFrame: () => 0,
    setTimeout: (callback: () => void) => timers.push(callback),
    clearTimeout: () => undefined,
  } as unknown as Parameters<typeof afterLargestPaint>[0];
  const report = (type: string, entries: object[]) => {
    for (const observer of observers.filter((o) => o.type === type))
      observer.callback(
        { getEntries: () => entries } as unknown as PerformanceObserverEntryList,
        {} as PerformanceObserver,
      );
  };
  return { view, report, tick: (ms: number) => (now += ms), timeout: () => timers.splice(0).forEach((t) => t()) };
}

describe('afterLargestPaint', () => {
  it('resolves on a largest paint presented after the call, not on an earlier one', async () => {
    const { view, report, tick } = browser(['largest-contentful-paint']);
    const shown = afterLargestPaint(view);
    report('largest-contentful-paint', [{ startTime: 50 }]); // the frame's, before the call
    expect(await settled(shown)).toBe(false);
    tick(60);
    report('largest-contentful-paint', [{ startTime: 150 }]);
    expect(await settled(shown)).toBe(true);
  });

  it('resolves after its longest wait when no new largest content comes (after input there are none)', async () => {
    const { view, timeout } = browser(['largest-contentful-paint']);
    const shown = afterLargestPaint(view);
    expect(await settled(shown)).toBe(false);
    timeout();
    expect(await settled(shown)).toBe(true);
  });
});

describe('afterElementShown', () => {
  it("resolves when the named element's presentation is reported, not another's", async () => {
    const { view, report } = browser(['element']);
    const shown = afterElementShown('board-header', view);
    report('element', [{ identifier: 'other', renderTime: 120 }]);
    expect(await settled(shown)).toBe(false);
    report('element', [{ identifier: 'board-header', renderTime: 90 }]); // a board shown before
    expect(await settled(shown)).toBe(false);
    report('element', [{ identifier: 'board-header', renderTime: 130 }]);
    expect(await settled(shown)).toBe(true);
  });

  it('waits for the next paint where the browser has no Element Timing', async () => {
    const { view, timeout } = browser([]);
    const shown = afterElementShown('board-header', view);
    expect(await settled(shown)).toBe(false);
    timeout(); // afterNextPaint's longest wait
    expect(await settled(shown)).toBe(true);
  });
});
