import { de } from '@werkboard/common';
import { lazyDialog } from '../../components/lazyDialog';

/**
 * The user management's forms, each in a chunk of its own loaded on its first opening (issue 19:
 * the users list a phone paints first does not need the forms' input checks, zod with common's
 * request schemas). Until the chunk is there the dialog's frame says that it loads; the service
 * worker precaches every chunk, so they open offline too.
 */
export const UserDialog = lazyDialog(
  ({ user }) => (user ? de.usersScreen.editTitle(user.username) : de.usersScreen.createTitle),
  () => import('./UserDialog').then((m) => m.UserDialog),
);

/** A new external worker (`externalUser` null) or an existing one's name, titled as the loaded dialog is. */
export const ExternalUserDialog = lazyDialog(
  ({ externalUser }) => (externalUser ? de.externalUsersScreen.editTitle : de.externalUsersScreen.createTitle),
  () => import('./ExternalUserDialog').then((m) => m.ExternalUserDialog),
);
