const configured = Number(process.env.AUTH_CACHE_SIZE ?? '1000');

/**
 * How many entries each of the authentication caches keeps (users, sessions, verified tokens):
 * AUTH_CACHE_SIZE, 1,000 unless set; 0 turns them off.
 */
export const AUTH_CACHE_SIZE = Number.isInteger(configured) && configured >= 0 ? configured : 1000;
