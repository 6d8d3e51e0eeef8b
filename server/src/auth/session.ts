import type { PermissionKey } from '@werkboard/common';
import type { User } from '../models';
import type { Services } from '../serverState';
import { signToken } from './tokens';

/** A login token for the user at their current token version, carrying the session's permissions. */
export function issueSessionToken(services: Services, user: User, permissions: readonly PermissionKey[]): string {
  return signToken(
    services.secrets.jwtSecret,
    { sub: user.id, ver: user.tokenVersion, perms: [...permissions] },
    services.config.tokenTtlSeconds,
  );
}
