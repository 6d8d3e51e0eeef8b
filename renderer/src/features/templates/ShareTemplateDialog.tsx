import type { FormEvent } from 'react';
import { useState } from 'react';
import type { TemplateSummaryDto } from '@werkboard/common';
import { de } from '@werkboard/common';
import { ApiError, SessionLostError } from '../../api/errors';
import { Dialog } from '../../components/Dialog';
import { FormField } from '../../components/FormField';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { shareTemplate } from '../../api/endpoints/templates';
import { useUserDirectoryQuery } from '../../api/endpoints/users';
import { loadStateOf } from '../../api/loadState';

const t = de.templatesScreen.share;

/**
 * 'Vorlage teilen' (spec sections 2 and 5): a user must be chosen, never oneself; the chosen
 * user receives a personal copy (POST /templates/{id}/share). The list is the user directory,
 * without the current user, sorted by name.
 */
export function ShareTemplateDialog({
  template,
  onClose,
  onShared,
}: {
  template: TemplateSummaryDto;
  onClose: () => void;
  onShared: (message: string) => void;
}) {
  const dispatch = useAppDispatch();
  const me = useAppSelector((state) => state.auth.user?.id ?? null);
  const users = loadStateOf(useUserDirectoryQuery());
  const list = users.status === 'loaded' ? users.data.filter((user) => user.id !== me) : [];
  const [userId, setUserId] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [detail, setDetail] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    setDetail(null);
    if (!userId || userId === me) {
      setFieldError(t.userRequired);
      return;
    }
    setFieldError(undefined);
    setBusy(true);
    try {
      await dispatch(shareTemplate(template.id, userId));
      const chosen = users.status === 'loaded' ? list.find((user) => user.id === userId) : undefined;
      onShared(t.success(chosen?.username ?? ''));
    } catch (caught) {
      setBusy(false);
      setError(t.failed);
      // The server's reason (e.g. the user does not exist any more), if it gave one.
      const reason =
        caught instanceof ApiError && !(caught instanceof SessionLostError) ? (caught.body?.message ?? null) : null;
      setDetail(reason && reason !== t.failed ? reason : null);
    }
  };

  return (
    <Dialog title={t.title} onClose={onClose}>
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <p>{t.intro(template.name)}</p>
        {users.status === 'loading' && <p className="muted">{de.actions.loading}</p>}
        {users.status === 'failed' && (
          <p role="alert" className="message message--error">
            {t.usersLoadFailed}
          </p>
        )}
        {users.status === 'loaded' && list.length === 0 && <p className="muted">{t.noUsers}</p>}
        {users.status === 'loaded' && list.length > 0 && (
          <FormField label={t.user} error={fieldError}>
            <select
              value={userId}
              onChange={(event) => {
                setUserId(event.target.value);
                setFieldError(undefined);
              }}
            >
              <option value="">{t.choose}</option>
              {list.map((user) => (
                <option key={user.id} value={user.id}>
                  {user.username}
                </option>
              ))}
            </select>
          </FormField>
        )}
        {error && (
          <div role="alert" className="message message--error">
            <p>{error}</p>
            {detail && <p>{detail}</p>}
          </div>
        )}
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {de.actions.cancel}
          </button>
          <button type="submit" className="button button--primary" disabled={busy || list.length === 0}>
            {busy ? t.sharing : t.submit}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
