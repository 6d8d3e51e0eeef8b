/**
 * @jest-environment node
 */
// The reader runs on web streams, which jsdom does not have; Node has the same ones.
import { ApiError, SessionLostError } from './errors';
import { parseEventBlock, runLiveEvents } from './liveEvents';

const encoder = new TextEncoder();

/** A stream the test writes Server-Sent Event text into, in chunks as the network would cut them. */
function controllableStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({ start: (c) => (controller = c) });
  return {
    stream,
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('parseEventBlock', () => {
  it('reads the data lines as one event and skips comments, retry lines and what is no event', () => {
    expect(parseEventBlock('data: {"type":"test","sentAt":"x"}')).toEqual({ type: 'test', sentAt: 'x' });
    expect(parseEventBlock('retry: 3000\n: open')).toBeNull();
    expect(parseEventBlock(': ping')).toBeNull();
    expect(parseEventBlock('data: kein json')).toBeNull();
    expect(parseEventBlock('data: {"count":1}')).toBeNull();
  });
});

describe('runLiveEvents', () => {
  const windowLike = () => {
    const target = new EventTarget();
    return {
      addEventListener: target.addEventListener.bind(target),
      removeEventListener: target.removeEventListener.bind(target),
      fire: (type: string) => target.dispatchEvent(new Event(type)),
    };
  };

  it('hands on events split across chunks, reconnects after the end and after the network returns', async () => {
    const streams = [controllableStream(), controllableStream(), controllableStream()];
    let opened = 0;
    const open = jest.fn((_signal: AbortSignal) => Promise.resolve(streams[opened++]!.stream));
    const events: unknown[] = [];
    const onReconnected = jest.fn();
    const onFirstOpen = jest.fn();
    let online = true;
    const win = windowLike();
    const stop = runLiveEvents({
      open,
      onEvent: (event) => events.push(event),
      onReconnected,
      onFirstOpen,
      isOnline: () => online,
      events: win,
    });
    await flush();
    streams[0]!.write('retry: 3000\n: open\n\ndata: {"type":"project-revision",');
    streams[0]!.write(
      '"projectId":"p1","revision":4}\n\n: ping\n\ndata: {"type":"invitation-count","count":2}\r\n\r\n',
    );
    await flush();
    expect(events).toEqual([
      { type: 'project-revision', projectId: 'p1', revision: 4 },
      { type: 'invitation-count', count: 2 },
    ]);
    expect(onReconnected).not.toHaveBeenCalled();
    // The first opening reads what changed before the stream was there (it opens after the page's reads).
    expect(onFirstOpen).toHaveBeenCalledTimes(1);

    // Offline: the open connection is dropped; nothing is tried until the network returns.
    online = false;
    win.fire('offline');
    expect(open.mock.calls[0]![0].aborted).toBe(true);
    streams[0]!.end();
    await flush();
    online = true;
    win.fire('online');
    await flush();
    expect(open).toHaveBeenCalledTimes(2);
    expect(onReconnected).toHaveBeenCalledTimes(1);
    expect(onFirstOpen).toHaveBeenCalledTimes(1);
    streams[1]!.write('data: {"type":"test","sentAt":"t"}\n\n');
    await flush();
    expect(events).toHaveLength(3);
    stop();
    expect(open.mock.calls[1]![0].aborted).toBe(true);
  });

  /** Online, with events nobody looks at: for the tests of when it opens the stream. */
  const startOnline = (open: (signal: AbortSignal) => Promise<ReadableStream<Uint8Array>>) =>
    runLiveEvents({
      open,
      onEvent: jest.fn(),
      onReconnected: jest.fn(),
      onFirstOpen: jest.fn(),
      isOnline: () => true,
      events: windowLike(),
    });

  it('stops at once at a server without the stream', async () => {
    const open = jest.fn().mockRejectedValue(new ApiError('Nicht gefunden.', 404));
    startOnline(open);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('tries again after a refusal, and stops for good when the session is lost', async () => {
    jest.useFakeTimers();
    try {
      const open = jest
        .fn<Promise<ReadableStream<Uint8Array>>, [AbortSignal]>()
        .mockRejectedValueOnce(new ApiError('Serverfehler', 503))
        .mockRejectedValueOnce(new SessionLostError('Sitzung abgelaufen', 401));
      startOnline(open);
      await jest.advanceTimersByTimeAsync(0);
      expect(open).toHaveBeenCalledTimes(1);
      await jest.advanceTimersByTimeAsync(1_000);
      expect(open).toHaveBeenCalledTimes(2);
      await jest.advanceTimersByTimeAsync(120_000);
      expect(open).toHaveBeenCalledTimes(2);
    } finally {
      jest.useRealTimers();
    }
  });
});
