import { tooManyAttempts } from '../errors';

/** The window of the login limits; the 429's text names it (de.login.tooManyAttempts). */
const LOGIN_WINDOW_MS = 15 * 60 * 1000;

/**
 * Counts failed logins per client address and username in a sliding window. In memory:
 * one server process per company (architecture.md); replicas would move this to PostgreSQL.
 */
export class LoginRateLimit {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures = 10,
    private readonly windowMs = LOGIN_WINDOW_MS,
    private readonly now: () => number = Date.now,
  ) {}

  private recent(key: string): number[] {
    const cutoff = this.now() - this.windowMs;
    const times = (this.failures.get(key) ?? []).filter((t) => t > cutoff);
    if (times.length === 0) this.failures.delete(key);
    else this.failures.set(key, times);
    return times;
  }

  isBlocked(key: string): boolean {
    return this.recent(key).length >= this.maxFailures;
  }

  /** Seconds until the key may try again (0 when it may now): when enough failures have left the window. */
  retryAfterSeconds(key: string): number {
    const times = this.recent(key);
    if (times.length < this.maxFailures) return 0;
    const freedAt = times[times.length - this.maxFailures]! + this.windowMs;
    return Math.max(1, Math.ceil((freedAt - this.now()) / 1000));
  }

  /** The 429 while the key is blocked, with Retry-After; nothing otherwise. */
  check(key: string, message: string): void {
    const seconds = this.retryAfterSeconds(key);
    if (seconds > 0) throw tooManyAttempts(message, seconds);
  }

  recordFailure(key: string): void {
    this.failures.set(key, [...this.recent(key), this.now()]);
  }

  reset(key: string): void {
    this.failures.delete(key);
  }
}
