import type { ServerAddressResult } from '@werkboard/common';

import { parseServerUrl } from './config';
import type { Validation } from './validation';
import { invalid, isBoundedString } from './validation';

export const MAX_ADDRESS_LENGTH = 500;
export const STATUS_CHECK_TIMEOUT_MS = 8000;

export function validateServerAddress(payload: unknown): Validation<string> {
  return isBoundedString(payload, MAX_ADDRESS_LENGTH)
    ? { ok: true, value: payload }
    : invalid('address must be a string');
}

/**
 * Whether a Werkboard server answers at `address`: its GET /api/status must give the start
 * flags the login screen reads. Answers the origin to store (the app lives at the root).
 */
export async function checkServerAddress(
  address: string,
  send: typeof fetch = fetch,
  timeoutMs = STATUS_CHECK_TIMEOUT_MS,
): Promise<ServerAddressResult> {
  // Someone typing "192.168.1.20:3000" means http; the URL parser would read "192.168.1.20:" as a scheme.
  const trimmed = address.trim();
  const parsed = parseServerUrl(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`);
  if (!parsed.ok) return { ok: false, reason: 'invalid' };
  let response: Response;
  try {
    response = await send(`${parsed.origin}/api/status`, {
      headers: { Accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    return { ok: false, reason: 'unreachable' };
  }
  try {
    const body: unknown = await response.json();
    const looksRight =
      response.ok &&
      typeof body === 'object' &&
      body !== null &&
      typeof (body as Record<string, unknown>).backendStarted === 'boolean' &&
      typeof (body as Record<string, unknown>).databaseInitialized === 'boolean';
    return looksRight ? { ok: true, address: parsed.origin } : { ok: false, reason: 'notWerkboard' };
  } catch {
    return { ok: false, reason: 'notWerkboard' };
  }
}
