import { z } from 'zod';

/**
 * zod compiles object parsers with `new Function` where it may. In a browser the app's
 * Content Security Policy forbids that, so the JIT could never run there, and zod's probe for
 * it was reported as a CSP violation on every page (issue 13, finding 19). In the browser
 * zod runs without the JIT and without the probe; on the server (no CSP) it keeps the JIT.
 * Imported first by every schema module, before any schema is built.
 */
if ('window' in globalThis) z.config({ jitless: true });
