import { renderHook } from '@testing-library/react';
import { settled } from '../test/settled';
import { createSideReads, SIDE_READS_LATEST_MS } from './sideReads';

describe("the frame's side reads (issue 19)", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('start at once on a start through the login screen (nothing holds them)', async () => {
    const { sideReadsMayStart } = createSideReads();
    expect(await settled(sideReadsMayStart())).toBe(true);
  });

  it("on a stored session's start wait for the page's content on the screen, then an idle moment", async () => {
    const { holdSideReads, sideReadsMayStart, useContentShown } = createSideReads();
    holdSideReads();
    const mayStart = sideReadsMayStart();
    const page = renderHook(({ shown }) => useContentShown(shown), { initialProps: { shown: false } });
    jest.advanceTimersByTime(1500);
    expect(await settled(mayStart)).toBe(false);

    // The content is rendered; jsdom reports no largest paint, so the next paint stands for it
    // (at the latest after 1 s), and jsdom has no idle callbacks (2 s instead).
    page.rerender({ shown: true });
    jest.advanceTimersByTime(1000);
    await settled(mayStart);
    expect(await settled(mayStart)).toBe(false); // released; the idle moment is still to come
    jest.advanceTimersByTime(2000);
    expect(await settled(mayStart)).toBe(true);
    // Every later caller starts at once.
    expect(await settled(sideReadsMayStart())).toBe(true);
  });

  it('go after SIDE_READS_LATEST_MS on a page that never says its content is shown', async () => {
    const { holdSideReads, sideReadsMayStart } = createSideReads();
    holdSideReads();
    const mayStart = sideReadsMayStart();
    jest.advanceTimersByTime(SIDE_READS_LATEST_MS - 1);
    expect(await settled(mayStart)).toBe(false);
    jest.advanceTimersByTime(1);
    await settled(mayStart);
    jest.advanceTimersByTime(2000);
    expect(await settled(mayStart)).toBe(true);
  });
});
