import type { LiveEvent } from '@werkboard/common';

/** An open GET /api/events as a test reads it: the events in order, as they arrive. */
export interface OpenStream {
  status: number;
  headers: Headers;
  /** The next event that matches (default: any), or a rejection after `timeoutMs`. */
  next(matches?: (event: LiveEvent) => boolean, timeoutMs?: number): Promise<LiveEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens the event stream with the token in the Authorization header and parses its events. */
export async function openEventStream(baseUrl: string, token: string | undefined): Promise<OpenStream> {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}/api/events`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    signal: abort.signal,
  });
  const queue: LiveEvent[] = [];
  const waiters = new Set<() => void>();
  let endedResolve = () => undefined as void;
  const ended = new Promise<void>((resolve) => (endedResolve = resolve));
  const read = async () => {
    if (!response.body || response.status !== 200) return;
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body) {
      buffer += decoder.decode(chunk as Uint8Array, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block
          .split('\n')
          .filter((line) => line.startsWith('data: '))
          .map((line) => line.slice(6))
          .join('\n');
        if (data) queue.push(JSON.parse(data) as LiveEvent);
      }
      for (const wake of [...waiters]) wake();
    }
  };
  read()
    .catch(() => undefined)
    .finally(() => {
      endedResolve();
      for (const wake of [...waiters]) wake();
    });

  const next: OpenStream['next'] = (matches = () => true, timeoutMs = 5_000) =>
    new Promise((resolve, reject) => {
      const check = () => {
        const index = queue.findIndex(matches);
        if (index < 0) return false;
        const [event] = queue.splice(index, 1);
        waiters.delete(check);
        clearTimeout(timer);
        resolve(event!);
        return true;
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no matching event within ${timeoutMs} ms; received: ${JSON.stringify(queue)}`));
      }, timeoutMs);
      if (!check()) waiters.add(check);
    });

  return { status: response.status, headers: response.headers, next, ended, close: () => abort.abort() };
}
