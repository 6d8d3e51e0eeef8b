import { useState } from 'react';
import type { ExternalUserDto } from '@werkboard/common';
import { canManageExternalUsers, de } from '@werkboard/common';
import { serverMessageOr } from '../../api/errors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useSubmit } from '../../components/useSubmit';
import { deleteExternalUser } from '../../api/endpoints/users';
import { useAppDispatch } from '../../store/hooks';
import { Can } from '../../entities/session/Can';
import { ExternalUserDialog } from './usersDialogs';

const NO_EXTERNAL_USERS: ExternalUserDto[] = [];

type Editing = { mode: 'closed' } | { mode: 'form'; externalUser: ExternalUserDto | null };

/** What the section shows of the page's read (useExternalUsersQuery's result). */
export interface ExternalUsersRead {
  data?: ExternalUserDto[] | undefined;
  isError: boolean;
  error?: unknown;
  isLoading: boolean;
}

/**
 * 'Externe Mitarbeiter' on /users: named entries that cards can be assigned to. It shows
 * UsersPage's read (`list`): the page decides whether it joins the start's read or reads again,
 * and the section, placed only once the users list has its height, adds no read of its own.
 */
export function ExternalUsersSection({ list }: { list: ExternalUsersRead }) {
  const dispatch = useAppDispatch();
  const externalUsers = list.data ?? NO_EXTERNAL_USERS;
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const [deleting, setDeleting] = useState<ExternalUserDto | null>(null);
  const removal = useSubmit();

  const confirmDelete = async () => {
    if (!deleting) return;
    const { id } = deleting;
    if (
      await removal.run(
        () => dispatch(deleteExternalUser(id)),
        (caught) => serverMessageOr(caught, de.externalUsersScreen.deleteFailed),
      )
    )
      setDeleting(null);
  };

  return (
    <section className="panel" aria-labelledby="external-users-title">
      <header className="panel__header">
        <h2 id="external-users-title" className="panel__title">
          {de.externalUsers.title}
        </h2>
        <Can when={canManageExternalUsers}>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => setEditing({ mode: 'form', externalUser: null })}
          >
            {de.externalUsersScreen.add}
          </button>
        </Can>
      </header>
      {list.isError && (
        <p role="alert" className="message message--error">
          {serverMessageOr(list.error, de.externalUsersScreen.loadFailed)}
        </p>
      )}
      {list.isLoading && <p className="muted">{de.actions.loading}</p>}
      {list.data?.length === 0 && <p className="muted">{de.externalUsers.empty}</p>}
      {externalUsers.length > 0 && (
        <ul className="simple-list" aria-label={de.externalUsers.title}>
          {externalUsers.map((externalUser) => (
            <li key={externalUser.id} className="simple-list__item">
              <span className="simple-list__name">{externalUser.name}</span>
              <Can when={canManageExternalUsers}>
                <span className="row-actions">
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    aria-label={de.externalUsersScreen.editUser(externalUser.name)}
                    onClick={() => setEditing({ mode: 'form', externalUser })}
                  >
                    {de.actions.edit}
                  </button>
                  <button
                    type="button"
                    className="button button--danger-outline button--small"
                    aria-label={de.externalUsersScreen.deleteUser(externalUser.name)}
                    onClick={() => {
                      removal.setError(null);
                      setDeleting(externalUser);
                    }}
                  >
                    {de.actions.delete}
                  </button>
                </span>
              </Can>
            </li>
          ))}
        </ul>
      )}
      {editing.mode === 'form' && (
        <ExternalUserDialog externalUser={editing.externalUser} onClose={() => setEditing({ mode: 'closed' })} />
      )}
      {deleting && (
        <ConfirmDialog
          title={de.externalUsersScreen.deleteTitle}
          confirmLabel={de.actions.delete}
          busyLabel={de.actions.deleting}
          busy={removal.busy}
          danger
          error={removal.error}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(null)}
        >
          <p>{de.externalUsersScreen.deleteQuestion(deleting.name)}</p>
          <p className="muted">{de.users.deleteWarning}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
