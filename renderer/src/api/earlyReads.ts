import type { FetchLike, ResponseLike } from './client';

/** A GET public/landing.js started for the landing page, as it leaves it on `window`. */
export interface EarlyRead {
  /** The address as the app's client asks for it ('/api/projects'). */
  url: string;
  /** The Authorization header it was sent with. */
  authorization: string;
  /** Date.now() when it was sent. */
  started: number;
  response: Promise<ResponseLike>;
}

declare global {
  interface Window {
    werkboardEarlyReads?: EarlyRead[];
  }
}

/** An early read older than this is not taken (the app reads itself): it may miss a change since. */
export const EARLY_READ_FRESH_MS = 10_000;

/**
 * The early read for this request, taken out of `reads` (each answers once), or null: only a GET
 * without a body, for the same address and with the same Authorization, started less than
 * EARLY_READ_FRESH_MS ago. Anything else is the app's own request.
 */
export function takeEarlyRead(
  reads: EarlyRead[] | undefined,
  url: string,
  init: RequestInit,
  now = Date.now(),
): Promise<ResponseLike> | null {
  if (!reads || (init.method ?? 'GET') !== 'GET' || init.body != null) return null;
  const authorization = new Headers(init.headers).get('Authorization');
  const index = reads.findIndex(
    (read) => read.url === url && read.authorization === authorization && now - read.started < EARLY_READ_FRESH_MS,
  );
  if (index < 0) return null;
  const [read] = reads.splice(index, 1);
  return read?.response ?? null;
}

/** The app's fetch, answering a GET that public/landing.js started already with that read. */
export function withEarlyReads(fetch: FetchLike, view: Pick<Window, 'werkboardEarlyReads'> = window): FetchLike {
  return (url, init) => takeEarlyRead(view.werkboardEarlyReads, url, init) ?? fetch(url, init);
}
