import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ManagedUserDto } from '@werkboard/common';
import { canManagePermissions, canManageUsers, de } from '@werkboard/common';
import { serverMessageOr } from '../../api/errors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { HintedButton } from '../../components/HintedButton';
import { useLimitReason } from '../../entities/license/useLimitReason';
import { useSubmit } from '../../components/useSubmit';
import {
  deleteUser,
  endUserSessions,
  liftLockout,
  resetSecondFactor,
  useExternalUsersQuery,
  useUsersQuery,
} from '../../api/endpoints/users';
import { useAppDispatch } from '../../store/hooks';
import { formatDateTime } from '../../utils/format';
import { Can } from '../../entities/session/Can';
import { usePolicy } from '../../entities/session/usePolicy';
import { UserAvatar } from '../../entities/user/UserAvatar';
import { ExternalUsersSection } from './ExternalUsersSection';
import { UserDialog } from './usersDialogs';
import { LoadFailed } from '../../components/LoadFailed';
import { firstReadOptions, useJoinsStartedReads } from '../../api/startedReads';
import { useContentShown } from '../../api/sideReads';

const NO_USERS: ManagedUserDto[] = [];

type Editing = { mode: 'closed' } | { mode: 'form'; user: ManagedUserDto | null };

/** /users: 'Benutzer verwalten' (Admin and Firmenleiter with can_manage_users). */
export function UsersPage() {
  const dispatch = useAppDispatch();
  const policy = usePolicy();
  const userLimit = useLimitReason('users');
  // The first mount after the start joins the reads it began (usersReads.ts); later ones read again.
  const joinsStart = useJoinsStartedReads('users');
  const list = useUsersQuery(undefined, firstReadOptions(joinsStart));
  // Read here, so it loads in parallel with the users although its section is placed only once
  // the users list above it has its height (else the section jumps down: issue 19); the section
  // shows this read.
  const externalUsers = useExternalUsersQuery(undefined, firstReadOptions(joinsStart));
  const users = list.data ?? NO_USERS;
  useContentShown(list.data !== undefined || list.isError);
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const [deleting, setDeleting] = useState<ManagedUserDto | null>(null);
  const removal = useSubmit();
  const [ending, setEnding] = useState<ManagedUserDto | null>(null);
  const ended = useSubmit();
  const [endedNotice, setEndedNotice] = useState<string | null>(null);
  const unlocking = useSubmit();
  const [resetting, setResetting] = useState<ManagedUserDto | null>(null);
  const reset = useSubmit();

  const unlock = (user: ManagedUserDto) => {
    setEndedNotice(null);
    void unlocking.run(
      async () => {
        await dispatch(liftLockout(user.id));
        setEndedNotice(de.users.lockLifted);
      },
      (caught) => serverMessageOr(caught, de.security.unlockFailed),
    );
  };

  const confirmEndSessions = async () => {
    if (!ending) return;
    const { id } = ending;
    if (
      await ended.run(
        async () => setEndedNotice((await dispatch(endUserSessions(id))).message),
        (caught) => serverMessageOr(caught, de.sessions.endFailed),
      )
    )
      setEnding(null);
  };

  const confirmResetSecondFactor = async () => {
    if (!resetting) return;
    const { id } = resetting;
    if (
      await reset.run(
        async () => {
          await dispatch(resetSecondFactor(id));
          setEndedNotice(de.secondFactor.resetDone);
        },
        (caught) => serverMessageOr(caught, de.secondFactor.resetFailed),
      )
    )
      setResetting(null);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const { id } = deleting;
    if (
      await removal.run(
        () => dispatch(deleteUser(id)),
        (caught) => serverMessageOr(caught, de.users.deleteFailed),
      )
    )
      setDeleting(null);
  };

  return (
    <div className="page">
      <header className="page__header">
        <h1 className="page__title">{de.pages.users}</h1>
        <div className="page__actions">
          <Can permission="can_manage_permissions" when={canManagePermissions} route="/admin/permissions">
            <Link to="/admin/permissions" className="button button--secondary">
              {de.usersScreen.rolePermissions}
            </Link>
          </Can>
          <Can when={canManageUsers}>
            <HintedButton
              className="button button--primary"
              disabledReason={userLimit}
              onClick={() => setEditing({ mode: 'form', user: null })}
            >
              {de.usersScreen.addUser}
            </HintedButton>
          </Can>
        </div>
      </header>

      <section className="panel" aria-labelledby="users-title">
        <h2 id="users-title" className="panel__title">
          {de.usersScreen.listTitle}
        </h2>
        {list.isError && (
          <LoadFailed
            message={serverMessageOr(list.error, de.usersScreen.loadFailed)}
            onRetry={() => void list.refetch()}
          />
        )}
        {list.isLoading && <p className="muted">{de.actions.loading}</p>}
        {unlocking.error && (
          <p role="alert" className="message message--error">
            {unlocking.error}
          </p>
        )}
        {endedNotice && (
          <p role="status" className="message message--success">
            {endedNotice}
          </p>
        )}
        {list.data?.length === 0 && <p className="muted">{de.usersScreen.empty}</p>}
        {users.length > 0 && (
          <ul className="user-list" aria-label={de.usersScreen.listTitle}>
            {users.map((user) => (
              <UserRow
                key={user.id}
                user={user}
                isSelf={user.id === policy.actor?.id}
                canEdit={policy.canEditUser(user)}
                canDelete={policy.canDeleteUser(user)}
                onEdit={() => setEditing({ mode: 'form', user })}
                onUnlock={() => unlock(user)}
                onEndSessions={() => {
                  ended.setError(null);
                  setEndedNotice(null);
                  setEnding(user);
                }}
                onResetSecondFactor={() => {
                  reset.setError(null);
                  setEndedNotice(null);
                  setResetting(user);
                }}
                onDelete={() => {
                  removal.setError(null);
                  setDeleting(user);
                }}
              />
            ))}
          </ul>
        )}
      </section>

      {!list.isLoading && <ExternalUsersSection list={externalUsers} />}

      {editing.mode === 'form' && <UserDialog user={editing.user} onClose={() => setEditing({ mode: 'closed' })} />}
      {deleting && (
        <ConfirmDialog
          title={de.usersScreen.deleteTitle}
          confirmLabel={de.actions.delete}
          busyLabel={de.actions.deleting}
          busy={removal.busy}
          danger
          error={removal.error}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(null)}
        >
          <p>{de.usersScreen.deleteQuestion(deleting.username)}</p>
          <p className="muted">{de.users.deleteWarning}</p>
        </ConfirmDialog>
      )}
      {ending && (
        <ConfirmDialog
          title={de.sessions.endAll}
          confirmLabel={de.sessions.endAll}
          busyLabel={de.sessions.ending}
          busy={ended.busy}
          danger
          error={ended.error}
          onConfirm={() => void confirmEndSessions()}
          onCancel={() => setEnding(null)}
        >
          <p>{de.sessions.endAllConfirm(ending.username)}</p>
        </ConfirmDialog>
      )}
      {resetting && (
        <ConfirmDialog
          title={de.secondFactor.reset}
          confirmLabel={de.secondFactor.reset}
          busyLabel={de.secondFactor.resetting}
          busy={reset.busy}
          danger
          error={reset.error}
          onConfirm={() => void confirmResetSecondFactor()}
          onCancel={() => setResetting(null)}
        >
          <p>{de.secondFactor.resetConfirm(resetting.username)}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

interface UserRowProps {
  user: ManagedUserDto;
  isSelf: boolean;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: () => void;
  onUnlock: () => void;
  onEndSessions: () => void;
  onResetSecondFactor: () => void;
  onDelete: () => void;
}

function UserRow({
  user,
  isSelf,
  canEdit,
  canDelete,
  onEdit,
  onUnlock,
  onEndSessions,
  onResetSecondFactor,
  onDelete,
}: UserRowProps) {
  const contacts = (
    [
      { label: de.usersScreen.email, value: user.email },
      { label: de.usersScreen.phone, value: user.phone },
      { label: de.usersScreen.privatePhone, value: user.privatePhone },
    ] as { label: string; value: string | null }[]
  ).filter((entry): entry is { label: string; value: string } => Boolean(entry.value));
  return (
    <li className="user-card" aria-label={user.username}>
      <div className="user-card__main">
        <UserAvatar username={user.username} color={user.usernameColor} />
        <div className="user-card__identity">
          <span className="user-card__name" style={{ color: user.usernameColor }}>
            {user.username}
          </span>
          <span className={`role-badge role-badge--${user.role.toLowerCase()}`}>{user.role}</span>
          {isSelf && <span className="muted user-card__self">({de.usersScreen.you})</span>}
          {user.loginLocked && (
            <span className="role-badge user-card__locked" title={de.security.lockedHint}>
              {de.security.locked}
            </span>
          )}
        </div>
      </div>
      <dl className="user-card__details">
        {contacts.map((entry) => (
          <div key={entry.label} className="user-card__detail">
            <dt>{entry.label}</dt>
            <dd>{entry.value}</dd>
          </div>
        ))}
        <div className="user-card__detail">
          <dt>{de.usersScreen.lastLogin}</dt>
          <dd>{formatDateTime(user.lastLogin) ?? de.usersScreen.never}</dd>
        </div>
        <div className="user-card__detail">
          <dt>{de.usersScreen.lastModified}</dt>
          <dd>{formatDateTime(user.lastModified) ?? '–'}</dd>
        </div>
      </dl>
      {(canEdit || canDelete) && (
        <div className="row-actions user-card__actions">
          {canEdit && (
            <button
              type="button"
              className="button button--secondary button--small"
              aria-label={de.usersScreen.editUser(user.username)}
              onClick={onEdit}
            >
              {de.actions.edit}
            </button>
          )}
          {canEdit && user.loginLocked && (
            <button
              type="button"
              className="button button--secondary button--small"
              aria-label={de.security.unlockLabel(user.username)}
              onClick={onUnlock}
            >
              {de.security.unlock}
            </button>
          )}
          {/* One's own other devices end in the profile ('Alle anderen abmelden'). */}
          {canEdit && !isSelf && (
            <button
              type="button"
              className="button button--secondary button--small"
              aria-label={de.sessions.endAllLabel(user.username)}
              onClick={onEndSessions}
            >
              {de.sessions.endAll}
            </button>
          )}
          {canEdit && !isSelf && (
            <button
              type="button"
              className="button button--secondary button--small"
              aria-label={de.secondFactor.resetLabel(user.username)}
              onClick={onResetSecondFactor}
            >
              {de.secondFactor.reset}
            </button>
          )}
          {canDelete && (
            <button
              type="button"
              className="button button--danger-outline button--small"
              aria-label={de.usersScreen.deleteUser(user.username)}
              onClick={onDelete}
            >
              {de.actions.delete}
            </button>
          )}
        </div>
      )}
    </li>
  );
}
