import { afterNextPaint } from './afterNextPaint';
import { settled } from '../test/settled';

function frames() {
  const waiting: FrameRequestCallback[] = [];
  const timers: (() => void)[] = [];
  const view = {
    requestAnimationFrame: (callback: FrameRequestCallback) => waiting.push(callback),
    setTimeout: (callback: () => void) => timers.push(callback),
  } as unknown as Pick<Window, 'requestAnimationFrame' | 'setTimeout'>;
  const frame = () => {
    for (const callback of waiting.splice(0)) callback(0);
  };
  return { view, frame, timeout: () => timers.splice(0).forEach((timer) => timer()) };
}

describe('afterNextPaint', () => {
  it('resolves after the second frame from now, not the first', async () => {
    const { view, frame } = frames();
    const painted = afterNextPaint(view);
    expect(await settled(painted)).toBe(false);
    frame();
    expect(await settled(painted)).toBe(false);
    frame();
    expect(await settled(painted)).toBe(true);
  });

  it('resolves without frames once the longest wait is over (a hidden tab draws none)', async () => {
    const { view, timeout } = frames();
    const painted = afterNextPaint(view);
    expect(await settled(painted)).toBe(false);
    timeout();
    expect(await settled(painted)).toBe(true);
  });
});
