/**
 * Forwards the page's app://werkboard/api/... requests to the configured company server, so
 * the renderer keeps one origin and the server needs no CORS. When the server cannot be
 * reached (or none is configured yet), the answer is Response.error(): Electron turns it
 * into a network error, the page's fetch rejects as it would in a browser without signal,
 * and the renderer's save path queues the write (renderer/src/api/save.ts).
 */

/** Headers that belong to one connection, or that fetch sets itself. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'host',
  'content-length',
  // The page's origin is app://werkboard; the server is not told about the shell's scheme.
  'origin',
  'referer',
  'cookie',
]);

/** Node's fetch has already decoded the body, so its encoding and length no longer apply. */
const NOT_PASSED_BACK = new Set([
  'content-encoding',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
]);

export interface ApiForwarderOptions {
  /** The company server's origin (http(s)://host:port), or null before it is configured. */
  serverOrigin: () => string | null;
  fetch?: typeof fetch;
  /** Gives up on a server that accepts the connection but never answers. */
  timeoutMs?: number;
  logWarning?: (message: string) => void;
}

export const DEFAULT_FORWARD_TIMEOUT_MS = 120_000;

export function createApiForwarder(options: ApiForwarderOptions): (request: Request) => Promise<Response> {
  const send = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_FORWARD_TIMEOUT_MS;
  return async (request) => {
    const origin = options.serverOrigin();
    if (origin === null) return Response.error();
    const source = new URL(request.url);
    const target = `${origin}${source.pathname}${source.search}`;
    const headers = new Headers();
    request.headers.forEach((value, name) => {
      if (!HOP_BY_HOP.has(name.toLowerCase())) headers.set(name, value);
    });
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    let answer: Response;
    try {
      answer = await send(target, {
        method: request.method,
        headers,
        body: hasBody ? await request.arrayBuffer() : null,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      options.logWarning?.(`${request.method} ${source.pathname} not forwarded: ${String(error)}`);
      return Response.error();
    }
    const passed = new Headers();
    answer.headers.forEach((value, name) => {
      if (!NOT_PASSED_BACK.has(name.toLowerCase())) passed.set(name, value);
    });
    // A body on 204/304 would make the Response constructor throw.
    const bodyless = answer.status === 204 || answer.status === 304 || request.method === 'HEAD';
    return new Response(bodyless ? null : answer.body, {
      status: answer.status,
      statusText: answer.statusText,
      headers: passed,
    });
  };
}
