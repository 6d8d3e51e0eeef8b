import type { ResponseLike } from './client';
import { EARLY_READ_FRESH_MS, type EarlyRead, takeEarlyRead, withEarlyReads } from './earlyReads';

const answer = (body: string): Promise<ResponseLike> =>
  Promise.resolve({ ok: true, status: 200, text: () => Promise.resolve(body) });
const read = (url: string, body: string, options: Partial<EarlyRead> = {}): EarlyRead => ({
  url,
  authorization: 'Bearer token-a',
  started: 1_000,
  response: answer(body),
  ...options,
});
const get = (token = 'token-a'): RequestInit => ({
  method: 'GET',
  headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
});

describe('takeEarlyRead', () => {
  it("answers the app's GET for the same address and token with the early read, once", async () => {
    const reads = [read('/api/tags', 'tags'), read('/api/projects', 'projects')];
    const taken = takeEarlyRead(reads, '/api/projects', get(), 2_000);
    expect(await (await taken)?.text()).toBe('projects');
    expect(reads.map((each) => each.url)).toEqual(['/api/tags']);
    expect(takeEarlyRead(reads, '/api/projects', get(), 2_000)).toBeNull();
  });

  it('leaves another address, another token, a write and an old read to the app', () => {
    const reads = [read('/api/projects', 'projects')];
    expect(takeEarlyRead(reads, '/api/projects?archived=1', get(), 2_000)).toBeNull();
    // Another user signed in meanwhile: never their answer.
    expect(takeEarlyRead(reads, '/api/projects', get('token-b'), 2_000)).toBeNull();
    expect(takeEarlyRead(reads, '/api/projects', { ...get(), method: 'POST', body: '{}' }, 2_000)).toBeNull();
    expect(takeEarlyRead(reads, '/api/projects', get(), 1_000 + EARLY_READ_FRESH_MS)).toBeNull();
    expect(takeEarlyRead(undefined, '/api/projects', get(), 2_000)).toBeNull();
    expect(reads).toHaveLength(1);
  });

  it('hands on a failed early read as the failure of the request (offline: the app then answers from the device)', async () => {
    const failed = Promise.reject(new TypeError('Failed to fetch'));
    failed.catch(() => undefined);
    const reads = [read('/api/projects', '', { response: failed, started: Date.now() })];
    const fetch = jest.fn();
    await expect(withEarlyReads(fetch, { werkboardEarlyReads: reads })('/api/projects', get())).rejects.toThrow(
      'Failed to fetch',
    );
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('withEarlyReads', () => {
  it('sends every request the early reads do not answer', async () => {
    const fetch = jest.fn((url: string) => answer(`fetched ${url}`));
    const view = { werkboardEarlyReads: [read('/api/tags', 'early tags', { started: Date.now() })] };
    const app = withEarlyReads(fetch, view);
    expect(await (await app('/api/tags', get())).text()).toBe('early tags');
    expect(await (await app('/api/tags', get())).text()).toBe('fetched /api/tags');
    expect(await (await app('/api/projects', get())).text()).toBe('fetched /api/projects');
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
