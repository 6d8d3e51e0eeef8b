import type { Actor } from './access';

/**
 * Spec section 6: a user who disabled direct messages can still be written to by Admin and
 * Firmenleiter, by nobody else.
 */
export function canWriteDirectMessage(
  actor: Pick<Actor, 'role'>,
  recipient: { directMessagesEnabled: boolean },
): boolean {
  return recipient.directMessagesEnabled || actor.role === 'Admin' || actor.role === 'Firmenleiter';
}
