import type { FetchLike, ResponseLike } from '../api/client';

export interface FakeRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  /** A body sent as a file (imports), as it was sent. */
  file?: Blob;
}

export interface FakeAnswer {
  status?: number;
  /** JSON-encoded unless it is a string. */
  body?: unknown;
  headers?: Record<string, string>;
}

/** A route answers with a fixed answer, a function of the request, or throws for a network error. */
export type FakeRoute = FakeAnswer | ((request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>);

export interface FakeFetch {
  fetch: jest.MockedFunction<FetchLike>;
  requests: FakeRequest[];
  /** Requests whose "METHOD /path" matches. */
  calls(route: string): FakeRequest[];
}

function toResponse(answer: FakeAnswer): ResponseLike {
  const status = answer.status ?? 200;
  const headers = new Map(Object.entries(answer.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
  const text =
    answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
  return {
    ok: status >= 200 && status < 300,
    status,
    text: () => Promise.resolve(text),
    headers: { get: (name) => headers.get(name.toLowerCase()) ?? null },
  };
}

/**
 * An injectable fetch keyed by "METHOD /api/path". A URL with a query string is answered by
 * its own key if there is one, else by the route of its path (which reads the query from
 * `request.url`). Unknown routes answer 404 so a missing route shows up as a failing
 * assertion, not as a hang.
 */
export function createFakeFetch(routes: Record<string, FakeRoute>): FakeFetch {
  const requests: FakeRequest[] = [];
  const fetch = jest.fn<ReturnType<FetchLike>, Parameters<FetchLike>>(async (url, init) => {
    const method = init.method ?? 'GET';
    const request: FakeRequest = {
      method,
      url,
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      ...(init.body instanceof Blob ? { file: init.body } : {}),
    };
    requests.push(request);
    const route = routes[`${method} ${url}`] ?? routes[`${method} ${url.split('?')[0]}`];
    if (route === undefined) return toResponse({ status: 404, body: { message: 'Nicht gefunden.' } });
    const answer = typeof route === 'function' ? await route(request) : route;
    return toResponse(answer);
  });
  return {
    fetch,
    requests,
    calls: (route) => requests.filter((request) => `${request.method} ${request.url}` === route),
  };
}

/** A route that fails like fetch does when the server cannot be reached. */
export function networkFailure(): FakeRoute {
  return () => Promise.reject(new TypeError('Failed to fetch'));
}
