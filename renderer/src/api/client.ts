import type { ApiErrorBody } from '@werkboard/common';
import { deStart, DEVICE_ID_HEADER } from '@werkboard/common';
import { ApiError, NetworkError, SessionLostError } from './errors';

/** The part of a fetch Response the client reads; lets tests hand in plain objects. */
export interface ResponseLike {
  ok: boolean;
  status: number;
  text(): Promise<string>;
  /** The answer's headers (fetch's Response has them); tests' fake servers send the ETag here. */
  headers?: Pick<Headers, 'get'>;
  /** The body as it arrives (fetch's Response has it); only the event stream reads it. */
  body?: ReadableStream<Uint8Array> | null;
}

export type FetchLike = (url: string, init: RequestInit) => Promise<ResponseLike>;

/**
 * Sends a request whose body is a file and reports how much of it has gone out (fetch cannot
 * tell); `api/xhrUpload.ts` in the browser.
 */
export type UploadLike = (
  url: string,
  init: { method: HttpMethod; headers: Record<string, string>; body: Blob },
  onProgress: (fraction: number) => void,
) => Promise<ResponseLike>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  body?: unknown;
  /** Send the stored bearer token (default). False for login and the status poll. */
  withToken?: boolean;
  /** Use this token instead of the stored one: login checks a fresh token before storing it. */
  token?: string;
  /**
   * Treat 401/409 as a lost session (default): log out and go to /login. False where a 401 means
   * something else: wrong credentials at login, or the server log asked for from the login page.
   */
  sessionHandling?: boolean;
  /** Bypass every HTTP cache (the server status must be live). */
  noCache?: boolean;
  /** Sent as `Idempotency-Key`: the server answers a repeated key with its first answer. */
  idempotencyKey?: string;
  /**
   * The body is a JSON file sent as it is (an import of up to 256 MB): no parse and no copy;
   * its upload progress (0..1) is reported here.
   */
  upload?: { file: Blob; onProgress: (fraction: number) => void };
  /**
   * A request the page's load does not wait for (the live event stream, which stays open): sent
   * at low priority, so that the browser serves the page's own requests first and tools that wait
   * for the page's important requests to end (Lighthouse) do not wait for it.
   */
  background?: boolean;
}

export interface ApiClientDeps {
  fetch: FetchLike;
  /** Base path of the API; the app and the API share one origin. */
  baseUrl?: string;
  deviceId: string;
  getToken(): string | null;
  /** Clears the session (logout action) and shows the login page with the session message. */
  onSessionLost(): void;
  /** One line per request for the live log of the connection diagnostics. */
  onLog?(line: string): void;
  /** File uploads with progress; without it they go through `fetch` and report only the end. */
  upload?: UploadLike;
}

export interface ApiClient {
  /** Parsed JSON of a 2xx answer (undefined for an empty body). */
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  /** The raw text of a 2xx answer (the server log is text/plain). */
  getText(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<string>;
  /** The body of a 2xx GET as it arrives (the live event stream), until `signal` aborts it. */
  openStream(path: string, signal: AbortSignal): Promise<ReadableStream<Uint8Array>>;
}

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

const SESSION_LOST_STATUSES: ReadonlySet<number> = new Set([401, 409]);

/** The one client every server call goes through. Writes use it only via the save path (save.ts). */
export function createApiClient(deps: ApiClientDeps): ApiClient {
  const baseUrl = deps.baseUrl ?? '/api';

  /** The answer of a 2xx; anything else throws the error its status means. */
  async function exchange(path: string, options: RequestOptions, signal?: AbortSignal): Promise<ResponseLike> {
    const method = options.method ?? 'GET';
    const url = `${baseUrl}${path}`;
    const headers: Record<string, string> = { Accept: 'application/json', [DEVICE_ID_HEADER]: deps.deviceId };
    const token = options.token ?? (options.withToken === false ? null : deps.getToken());
    if (token) headers.Authorization = `Bearer ${token}`;
    if (options.body !== undefined || options.upload) headers['Content-Type'] = 'application/json';
    if (options.noCache) headers['Cache-Control'] = 'no-cache';
    if (options.idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = options.idempotencyKey;

    let response: ResponseLike;
    try {
      response = options.upload
        ? await sendFile(url, method, headers, options.upload)
        : await deps.fetch(url, {
            method,
            headers,
            body: options.body === undefined ? undefined : JSON.stringify(options.body),
            cache: options.noCache ? 'no-store' : 'default',
            ...(options.background ? { priority: 'low' as const } : {}),
            ...(signal ? { signal } : {}),
          });
    } catch (cause) {
      deps.onLog?.(`${method} ${url} → ${deStart.diagnostics.networkFailure}`);
      throw new NetworkError(deStart.api.networkError, { cause });
    }
    deps.onLog?.(`${method} ${url} → ${response.status}`);
    if (response.ok) return response;

    const body = parseErrorBody(await response.text().catch(() => ''));
    if (options.sessionHandling !== false && SESSION_LOST_STATUSES.has(response.status)) {
      deps.onSessionLost();
      throw new SessionLostError(deStart.login.sessionExpired, response.status, body);
    }
    throw new ApiError(body?.message || deStart.api.failed(response.status), response.status, body);
  }

  async function sendFile(
    url: string,
    method: HttpMethod,
    headers: Record<string, string>,
    { file, onProgress }: NonNullable<RequestOptions['upload']>,
  ): Promise<ResponseLike> {
    if (deps.upload) return deps.upload(url, { method, headers, body: file }, onProgress);
    const response = await deps.fetch(url, { method, headers, body: file });
    onProgress(1);
    return response;
  }

  async function send(path: string, options: RequestOptions): Promise<string> {
    return (await exchange(path, options)).text().catch(() => '');
  }

  async function openStream(path: string, signal: AbortSignal): Promise<ReadableStream<Uint8Array>> {
    const response = await exchange(path, { method: 'GET', noCache: true, background: true }, signal);
    if (!response.body) throw new NetworkError(deStart.api.networkError);
    return response.body;
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const text = await send(path, options);
    return (text === '' ? undefined : JSON.parse(text)) as T;
  }

  return {
    request,
    get: (path, options = {}) => request(path, { ...options, method: 'GET' }),
    getText: (path, options = {}) => send(path, { ...options, method: 'GET' }),
    openStream,
  };
}

function parseErrorBody(text: string): ApiErrorBody | null {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && typeof (parsed as ApiErrorBody).message === 'string') {
      return parsed as ApiErrorBody;
    }
  } catch {
    // Not JSON (a proxy's HTML error page): the generic message with the status is used.
  }
  return null;
}
