/**
 * Tokens whose signature, issuer, audience and algorithm were checked already, with what they
 * say (issue 17, "cheaper authentication per request"): koa-jwt's verification of a token costs
 * 50-60 µs of a 500 µs request (decoding twice, the HMAC, a promise race over the secrets), and a
 * device sends the same token with every request until it logs in again.
 *
 * A token is kept under its whole text, signature included, so only the very bytes that passed
 * verification find an entry; a changed character is a new token and goes through koa-jwt.
 * Expiry is checked on every use as jsonwebtoken checks it (expired from the second `exp`
 * names). Nothing else of the token can change while it is kept: whether its user, token version
 * and session still hold is asked on every request after this (middleware/authenticate.ts), so a
 * logout, password or role change ends the session at once as before.
 */
export class VerifiedTokens {
  private readonly entries = new Map<string, Readonly<Record<string, unknown>>>();

  constructor(
    private readonly maxEntries = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  /** What a kept, unexpired token says; an expired one is dropped. */
  claimsOf(token: string): Readonly<Record<string, unknown>> | undefined {
    const claims = this.entries.get(token);
    if (claims === undefined) return undefined;
    if (typeof claims.exp === 'number' && Math.floor(this.now() / 1000) < claims.exp) return claims;
    this.entries.delete(token);
    return undefined;
  }

  /** Keeps a token koa-jwt has just verified (not one without an expiry: those are refused anyway). */
  remember(token: string, claims: unknown): void {
    if (this.maxEntries === 0 || typeof claims !== 'object' || claims === null) return;
    if (typeof (claims as { exp?: unknown }).exp !== 'number') return;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    const kept = Object.fromEntries(
      Object.entries(claims).map(([name, value]) => [
        name,
        Array.isArray(value) ? Object.freeze([...(value as unknown[])]) : value,
      ]),
    );
    this.entries.set(token, Object.freeze(kept));
  }

  get size(): number {
    return this.entries.size;
  }
}
