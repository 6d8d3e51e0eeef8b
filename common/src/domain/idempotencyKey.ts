/**
 * An idempotency key as the server accepts it (`Idempotency-Key` header, and each save of the
 * outbox's batch): 1 to 100 letters, digits, - and _.
 */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
