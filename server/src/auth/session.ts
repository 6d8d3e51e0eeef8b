import type { PermissionKey } from '@werkboard/common';
import type { User } from '../models';
import type { Services } from '../serverState';
import { signToken } from './tokens';

/**
 * A login token for the user at their current token version, carrying the session's row
 * (auth/sessions.ts) and permissions.
 */
export function issueSessionToken(
  services: Services,
  user: User,
  sessionId: string,
  permissions: readonly PermissionKey[],
  { enrol = false }: { enrol?: boolean } = {},
): string {
  return signToken(
    services.secrets.jwtSecret,
    { sub: user.id, sid: sessionId, ver: user.tokenVersion, perms: [...permissions], enrol },
    services.config.tokenTtlSeconds,
  );
}
