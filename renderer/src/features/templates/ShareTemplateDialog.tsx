import type { FormEvent } from 'react';
import { useState } from 'react';
import type { TemplateSummaryDto } from '@werkboard/common';
import { de } from '@werkboard/common';
import { serverMessageOr } from '../../api/errors';
import { Dialog } from '../../components/Dialog';
import { DialogActions } from '../../components/FormActions';
import { FeedbackMessage } from '../../components/FormFeedback';
import { FormField } from '../../components/FormField';
import { useSubmit } from '../../components/useSubmit';
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
  const submit = useSubmit();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submit.busy) return;
    submit.clear();
    if (!userId || userId === me) {
      setFieldError(t.userRequired);
      return;
    }
    setFieldError(undefined);
    await submit.run(
      async () => {
        await dispatch(shareTemplate(template.id, userId));
        const chosen = users.status === 'loaded' ? list.find((user) => user.id === userId) : undefined;
        onShared(t.success(chosen?.username ?? ''));
      },
      (caught) => {
        // The server's reason (e.g. the user does not exist any more), if it gave one.
        const reason = serverMessageOr(caught, '');
        return { text: t.failed, detail: reason && reason !== t.failed ? reason : null };
      },
    );
  };

  return (
    <Dialog title={t.title} onClose={onClose}>
      <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
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
        <FeedbackMessage feedback={submit.feedback} />
        <DialogActions
          onCancel={onClose}
          busy={submit.busy}
          disabled={list.length === 0}
          submitLabel={t.submit}
          busyLabel={t.sharing}
        />
      </form>
    </Dialog>
  );
}
