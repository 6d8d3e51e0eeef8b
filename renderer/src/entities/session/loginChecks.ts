/**
 * The login's input checks (the request schemas the server uses, built with zod), in a chunk
 * of their own: zod is about a quarter of the script a first visit would otherwise load before
 * the login screen shows (issue 19). The screen starts loading them as soon as it is shown.
 */
export { loginRequestSchema, secondFactorLoginSchema, validate } from '@werkboard/common';
