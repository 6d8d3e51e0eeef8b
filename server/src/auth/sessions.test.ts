import { SessionCache } from './sessions';

/** The session cache without a database: `touch` is the table, counted. */
function cacheOver(table: Map<string, string>, maxEntries = 10) {
  let now = 0;
  let asked = 0;
  const touch = (sessionId: string) => {
    asked += 1;
    return Promise.resolve(table.get(sessionId) ?? null);
  };
  const cache = new SessionCache(touch, maxEntries, 60_000, () => now);
  return {
    cache,
    asked: () => asked,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('SessionCache', () => {
  it('asks the table once per minute for a live session, and only for its own user', async () => {
    const table = new Map([['s1', 'u1']]);
    const { cache, asked, advance } = cacheOver(table);
    expect(await cache.isActive('s1', 'u1')).toBe(true);
    expect(await cache.isActive('s1', 'u1')).toBe(true);
    expect(asked()).toBe(1);
    expect(await cache.isActive('s1', 'u2')).toBe(false);
    advance(60_000);
    expect(await cache.isActive('s1', 'u1')).toBe(true);
    expect(asked()).toBe(2);
  });

  it('keeps no answer for a session that is gone', async () => {
    const { cache, asked } = cacheOver(new Map());
    expect(await cache.isActive('gone', 'u1')).toBe(false);
    expect(await cache.isActive('gone', 'u1')).toBe(false);
    expect(asked()).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('forgets one session, or all of a user, so that the next request asks the table', async () => {
    const table = new Map([
      ['s1', 'u1'],
      ['s2', 'u1'],
      ['s3', 'u2'],
    ]);
    const { cache } = cacheOver(table);
    for (const [session, user] of table) expect(await cache.isActive(session, user)).toBe(true);
    table.delete('s1');
    cache.forget('s1');
    expect(await cache.isActive('s1', 'u1')).toBe(false);
    table.delete('s2');
    cache.forgetUser('u1');
    expect(await cache.isActive('s2', 'u1')).toBe(false);
    expect(await cache.isActive('s3', 'u2')).toBe(true);
    expect(cache.size).toBe(1);
  });

  it('does not store what a check read when an ending came in between', async () => {
    let release: (owner: string | null) => void = () => undefined;
    let asked = 0;
    const cache = new SessionCache(() => {
      asked += 1;
      return asked === 1 ? new Promise((resolve) => (release = resolve)) : Promise.resolve(null);
    });
    const slow = cache.isActive('s1', 'u1');
    cache.forgetUser('u1');
    release('u1');
    expect(await slow).toBe(true);
    expect(await cache.isActive('s1', 'u1')).toBe(false);
  });

  it('holds at most its size, and nothing with size 0 (AUTH_CACHE_SIZE=0)', async () => {
    const table = new Map([
      ['s1', 'u1'],
      ['s2', 'u1'],
      ['s3', 'u1'],
    ]);
    const small = cacheOver(table, 2);
    for (const session of table.keys()) await small.cache.isActive(session, 'u1');
    expect(small.cache.size).toBe(2);
    const off = cacheOver(table, 0);
    await off.cache.isActive('s1', 'u1');
    await off.cache.isActive('s1', 'u1');
    expect([off.cache.size, off.asked()]).toEqual([0, 2]);
  });
});
