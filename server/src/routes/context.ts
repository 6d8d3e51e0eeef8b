import type { Actor } from '@werkboard/common';
import type { AppState } from '../appTypes';
import { notFound } from '../errors';

/** The signed-in caller in the shape the common policies take. */
export function actorOf(ctx: { state: AppState }): Actor {
  const { user, permissions } = ctx.state.actor!;
  return { id: user.id, role: user.role, permissions };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path id: anything that is not a UUID cannot exist, so it is a 404 (never a database error). */
export function idParam(value: string | undefined, message: string): string {
  if (!value || !UUID.test(value)) throw notFound(message);
  return value;
}

/** The caller with the name change-log entries show. */
export function projectActorOf(ctx: { state: AppState }): Actor & { username: string } {
  return { ...actorOf(ctx), username: ctx.state.actor!.user.username };
}
