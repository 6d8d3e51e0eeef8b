import type { FormEvent } from 'react';
import { useMemo, useState } from 'react';
import { de, isOnTeam } from '@werkboard/common';
import { useUserDirectoryQuery } from '../../api/endpoints/users';
import { loadStateOf } from '../../api/loadState';
import { Dialog } from '../../components/Dialog';
import type { Feedback } from '../../components/FormFeedback';
import { FeedbackMessage } from '../../components/FormFeedback';
import { FormField } from '../../components/FormField';
import { useSubmit } from '../../components/useSubmit';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { UserAvatar } from '../../entities/user/UserAvatar';
import { useOpenProject } from '../../entities/project/useOpenProject';
import { sendInvitation } from './teamThunks';

const t = de.teamScreen.invite;

/**
 * 'Benutzer einladen' (owner, deputy, Admin, Firmenleiter on an active project): one person
 * from GET /users/directory, without the team and oneself, filtered by name; POST /invitations.
 * Stays open after 'Einladung wurde versendet.' so more people can be invited; who was just
 * invited leaves the list.
 */
export function InviteDialog({ onClose }: { onClose: () => void }) {
  const dispatch = useAppDispatch();
  const { document } = useOpenProject();
  const me = useAppSelector((state) => state.auth.user?.id ?? null);
  const users = loadStateOf(useUserDirectoryQuery());
  const [invited, setInvited] = useState<ReadonlySet<string>>(new Set());
  const [filter, setFilter] = useState('');
  const [userId, setUserId] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const submit = useSubmit();
  const [sent, setSent] = useState(false);

  const candidates = useMemo(
    () =>
      users.status === 'loaded'
        ? users.data.filter((user) => user.id !== me && !isOnTeam(user.id, document) && !invited.has(user.id))
        : [],
    [users, me, document, invited],
  );
  const needle = filter.trim().toLocaleLowerCase('de-DE');
  const shown = needle
    ? candidates.filter((user) => user.username.toLocaleLowerCase('de-DE').includes(needle))
    : candidates;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submit.busy) return;
    submit.setError(null);
    setSent(false);
    if (!userId || !candidates.some((user) => user.id === userId)) {
      setFieldError(de.team.invitations.userRequired);
      return;
    }
    setFieldError(undefined);
    const invited = await submit.run(
      () => dispatch(sendInvitation(document.id, userId)),
      (caught) => (caught instanceof Error ? caught.message : de.team.invitations.failed),
    );
    if (!invited) return;
    setInvited((before) => new Set(before).add(userId));
    setUserId('');
    setSent(true);
  };
  const feedback: Feedback = submit.error
    ? { kind: 'error', text: submit.error }
    : sent
      ? { kind: 'success', text: de.team.invitations.sent }
      : null;

  return (
    <Dialog title={t.title} onClose={onClose}>
      <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <p>{t.intro(document.name)}</p>
        {users.status === 'loading' && <p className="muted">{de.actions.loading}</p>}
        {users.status === 'failed' && (
          <p role="alert" className="message message--error">
            {t.usersLoadFailed}
          </p>
        )}
        {users.status === 'loaded' && candidates.length === 0 && <p className="muted">{t.noUsers}</p>}
        {users.status === 'loaded' && candidates.length > 0 && (
          <>
            <FormField label={t.filter}>
              <input
                type="search"
                value={filter}
                autoComplete="off"
                onChange={(event) => setFilter(event.target.value)}
              />
            </FormField>
            <fieldset className="fieldset">
              <legend>{t.users}</legend>
              {shown.length === 0 ? (
                <p className="muted">{t.noMatch}</p>
              ) : (
                <ul className="team-choice">
                  {shown.map((user) => (
                    <li key={user.id}>
                      <label className="team-choice__option">
                        <input
                          type="radio"
                          name="invite-user"
                          value={user.id}
                          checked={userId === user.id}
                          onChange={() => {
                            setUserId(user.id);
                            setFieldError(undefined);
                          }}
                        />
                        <UserAvatar username={user.username} color={user.usernameColor} />
                        <span className="team-choice__name">{user.username}</span>
                      </label>
                      <span className="role-badge">{user.role}</span>
                    </li>
                  ))}
                </ul>
              )}
              {fieldError && (
                <p role="alert" className="field__error">
                  {fieldError}
                </p>
              )}
            </fieldset>
          </>
        )}
        <FeedbackMessage feedback={feedback} />
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {de.app.close}
          </button>
          <button type="submit" className="button button--primary" disabled={submit.busy || candidates.length === 0}>
            {submit.busy ? t.sending : t.submit}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
