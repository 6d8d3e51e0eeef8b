import { VerifiedTokens } from './verifiedTokens';

describe('VerifiedTokens', () => {
  const claims = (exp: number) => ({ sub: 'u', sid: 's', ver: 1, perms: ['can_view_dashboard'], exp });

  it('gives back what a kept token says until the second its expiry names', () => {
    let now = 1_000_000_000;
    const tokens = new VerifiedTokens(10, () => now);
    tokens.remember('Bearer a.b.c', claims(1_000_010));
    expect(tokens.claimsOf('Bearer a.b.c')).toEqual(claims(1_000_010));
    now = 1_000_009_999;
    expect(tokens.claimsOf('Bearer a.b.c')?.sid).toBe('s');
    // jsonwebtoken: expired once the current second reaches `exp`.
    now = 1_000_010_000;
    expect(tokens.claimsOf('Bearer a.b.c')).toBeUndefined();
    expect(tokens.size).toBe(0);
  });

  it('finds a token only under its exact text', () => {
    const tokens = new VerifiedTokens(10, () => 0);
    tokens.remember('Bearer a.b.c', claims(100));
    for (const other of ['Bearer a.b.C', 'Bearer a.b.c ', 'bearer a.b.c', 'a.b.c', ''])
      expect([other, tokens.claimsOf(other)]).toEqual([other, undefined]);
  });

  it('keeps nothing without an expiry, and nothing when turned off', () => {
    const tokens = new VerifiedTokens(10, () => 0);
    tokens.remember('Bearer x', { sub: 'u' });
    tokens.remember('Bearer y', null);
    expect(tokens.size).toBe(0);
    const off = new VerifiedTokens(0, () => 0);
    off.remember('Bearer a.b.c', claims(100));
    expect(off.claimsOf('Bearer a.b.c')).toBeUndefined();
  });

  it('hands out claims no request can change, its permissions included', () => {
    const tokens = new VerifiedTokens(10, () => 0);
    const verified = claims(100);
    tokens.remember('Bearer a.b.c', verified);
    verified.perms.push('can_manage_users');
    const kept = tokens.claimsOf('Bearer a.b.c')!;
    expect(kept.perms).toEqual(['can_view_dashboard']);
    expect(() => (kept.perms as string[]).push('can_manage_users')).toThrow(TypeError);
    expect(() => Object.assign(kept, { ver: 2 })).toThrow(TypeError);
  });

  it('drops the oldest token when full', () => {
    const tokens = new VerifiedTokens(2, () => 0);
    tokens.remember('Bearer 1', claims(100));
    tokens.remember('Bearer 2', claims(100));
    tokens.remember('Bearer 3', claims(100));
    expect([tokens.claimsOf('Bearer 1'), tokens.size]).toEqual([undefined, 2]);
    expect(tokens.claimsOf('Bearer 3')).toBeDefined();
  });
});
