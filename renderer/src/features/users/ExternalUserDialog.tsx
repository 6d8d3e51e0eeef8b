import type { FormEvent } from 'react';
import { useState } from 'react';
import type { ExternalUserDto, LimitKind } from '@werkboard/common';
import { de, externalUserSchema, validate } from '@werkboard/common';
import { ApiError, limitReachedKind, serverMessageOr } from '../../api/errors';
import { Dialog } from '../../components/Dialog';
import { FormField } from '../../components/FormField';
import { useFocusFirstInvalid } from '../../components/useFocusFirstInvalid';
import { useAppDispatch } from '../../store/hooks';
import { LimitDialog } from '../../entities/license/LimitDialog';
import { createExternalUser, updateExternalUser } from '../../api/endpoints/users';

/** Add or rename an external worker (name only; 'Der Name darf nicht leer sein.'). */
export function ExternalUserDialog({
  externalUser,
  onClose,
}: {
  externalUser: ExternalUserDto | null;
  onClose: () => void;
}) {
  const dispatch = useAppDispatch();
  const [name, setName] = useState(externalUser?.name ?? '');
  const [nameError, setNameError] = useState<string | undefined>();
  const formRef = useFocusFirstInvalid(nameError);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [limit, setLimit] = useState<LimitKind | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setError(null);
    const checked = validate(externalUserSchema, { name });
    if (!checked.ok) {
      setNameError(checked.fields.name ?? checked.message);
      return;
    }
    setNameError(undefined);
    setSaving(true);
    try {
      await dispatch(
        externalUser ? updateExternalUser(externalUser.id, checked.value) : createExternalUser(checked.value),
      );
      onClose();
    } catch (caught) {
      setSaving(false);
      const kind = limitReachedKind(caught);
      if (kind) {
        setLimit(kind);
        return;
      }
      if (caught instanceof ApiError && caught.fields.name) setNameError(caught.fields.name);
      setError(serverMessageOr(caught, de.externalUsersScreen.saveFailed));
    }
  };

  return (
    <Dialog
      title={externalUser ? de.externalUsersScreen.editTitle : de.externalUsersScreen.createTitle}
      onClose={onClose}
    >
      <form ref={formRef} className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <FormField label={de.externalUsersScreen.name} error={nameError}>
          <input type="text" autoComplete="off" value={name} onChange={(event) => setName(event.target.value)} />
        </FormField>
        {error && (
          <p role="alert" className="message message--error">
            {error}
          </p>
        )}
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {de.actions.cancel}
          </button>
          <button type="submit" className="button button--primary" disabled={saving}>
            {saving ? de.actions.saving : de.actions.save}
          </button>
        </div>
      </form>
      {limit && <LimitDialog kind={limit} onClose={() => setLimit(null)} />}
    </Dialog>
  );
}
