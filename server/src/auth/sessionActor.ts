import type { Actor } from '@werkboard/common';

/**
 * The signed-in caller as the server's code sees it: common's policy `Actor` (id, role, the
 * session's permissions) plus the name that change-log entries and invitations show.
 */
export interface SessionActor extends Actor {
  readonly username: string;
}
