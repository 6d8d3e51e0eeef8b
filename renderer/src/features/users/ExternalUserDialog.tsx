import type { FormEvent } from 'react';
import { useState } from 'react';
import type { ExternalUserDto } from '@werkboard/common';
import { de, externalUserSchema, validate } from '@werkboard/common';
import { ApiError, serverMessageOr } from '../../api/errors';
import { Dialog } from '../../components/Dialog';
import { DialogActions, FormError } from '../../components/FormActions';
import { FormField } from '../../components/FormField';
import { useFocusFirstInvalid } from '../../components/useFocusFirstInvalid';
import { useSubmit } from '../../components/useSubmit';
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
  const submit = useSubmit({ limits: true });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submit.busy) return;
    const checked = validate(externalUserSchema, { name });
    if (!checked.ok) {
      submit.setError(null);
      setNameError(checked.fields.name ?? checked.message);
      return;
    }
    setNameError(undefined);
    const saved = await submit.run(
      () =>
        dispatch(externalUser ? updateExternalUser(externalUser.id, checked.value) : createExternalUser(checked.value)),
      (caught) => {
        if (caught instanceof ApiError && caught.fields.name) setNameError(caught.fields.name);
        return serverMessageOr(caught, de.externalUsersScreen.saveFailed);
      },
    );
    if (saved) onClose();
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
        <FormError error={submit.error} />
        <DialogActions onCancel={onClose} busy={submit.busy} />
      </form>
      {submit.limit && <LimitDialog kind={submit.limit} onClose={submit.limitSeen} />}
    </Dialog>
  );
}
