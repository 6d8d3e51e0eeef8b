import type { LiveEvent } from '@werkboard/common';
import { ApiError, SessionLostError } from './errors';

/** Waits before opening the stream again after it ended or failed: quick at first, then every 30 s. */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000];
/** The server sends a comment every 25 s; this long without a byte, the connection is taken as dead. */
export const SILENCE_LIMIT_MS = 60_000;

export interface LiveEventsDeps {
  /** GET /api/events through the one client (token in the header, 401 ends the session). */
  open(signal: AbortSignal): Promise<ReadableStream<Uint8Array>>;
  onEvent(event: LiveEvent): void;
  /** The stream is open again after a break: what happened meanwhile is read once now. */
  onReconnected(): void;
  /**
   * The stream is open for the first time: what changed since the page's own reads (they may
   * be older than the stream, which opens after the page's content on a start) is read now.
   */
  onFirstOpen(): void;
  /** Whether the device has a network; offline, the next try waits for the 'online' event. */
  isOnline(): boolean;
  /** Window-like: 'online' reconnects at once, 'offline' drops the connection that cannot carry anything now. */
  events: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

/** The `data:` lines of one Server-Sent Event block as an event, or null (comments, retry, bad JSON). */
export function parseEventBlock(block: string): LiveEvent | null {
  const data = block
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(5).replace(/^ /, ''))
    .join('\n');
  if (!data) return null;
  try {
    const event: unknown = JSON.parse(data);
    return typeof event === 'object' && event !== null && typeof (event as LiveEvent).type === 'string'
      ? (event as LiveEvent)
      : null;
  } catch {
    return null;
  }
}

/** Reads the stream to its end, handing each complete event on; `onBytes` on every chunk. */
async function readEvents(
  stream: ReadableStream<Uint8Array>,
  onEvent: (event: LiveEvent) => void,
  onBytes: () => void,
): Promise<void> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    onBytes();
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const event = parseEventBlock(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
      if (event) onEvent(event);
    }
  }
}

/**
 * Keeps the live event stream of this tab open while the user is signed in (issue 16,
 * docs/decisions.md "Live updates"): opens it, hands each event on, and after an end or a
 * network loss opens it again (backing off; at once when the network returns). A lost
 * session (401) stops it for good, as does a server without the stream (404). Returns the stop function.
 */
export function runLiveEvents(deps: LiveEventsDeps): () => void {
  const abort = new AbortController();
  let attempt = 0;
  let connectedBefore = false;
  let wake: (() => void) | null = null;
  // The open connection's own abort: a silent or offline connection is dropped and made again.
  let connection: AbortController | null = null;
  const onOnline = () => wake?.();
  const onOffline = () => connection?.abort();
  deps.events.addEventListener('online', onOnline);
  deps.events.addEventListener('offline', onOffline);

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        abort.signal.removeEventListener('abort', done);
        resolve();
      }
      wake = done;
      abort.signal.addEventListener('abort', done);
    });

  const run = async () => {
    while (!abort.signal.aborted) {
      if (!deps.isOnline()) {
        await pause(RECONNECT_DELAYS_MS[RECONNECT_DELAYS_MS.length - 1]!);
        continue;
      }
      const current = new AbortController();
      connection = current;
      const stopCurrent = () => current.abort();
      abort.signal.addEventListener('abort', stopCurrent);
      let silence = setTimeout(stopCurrent, SILENCE_LIMIT_MS);
      const heard = () => {
        clearTimeout(silence);
        silence = setTimeout(stopCurrent, SILENCE_LIMIT_MS);
      };
      try {
        const stream = await deps.open(current.signal);
        attempt = 0;
        if (connectedBefore) deps.onReconnected();
        else deps.onFirstOpen();
        connectedBefore = true;
        await readEvents(stream, (event) => deps.onEvent(event), heard);
      } catch (error) {
        if (error instanceof SessionLostError) return;
        // A server of a version without the stream: the polling is all there is.
        if (error instanceof ApiError && error.status === 404) return;
      } finally {
        clearTimeout(silence);
        abort.signal.removeEventListener('abort', stopCurrent);
        connection = null;
      }
      if (abort.signal.aborted) return;
      await pause(RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)]!);
      attempt += 1;
    }
  };
  void run();

  return () => {
    abort.abort();
    deps.events.removeEventListener('online', onOnline);
    deps.events.removeEventListener('offline', onOffline);
  };
}
