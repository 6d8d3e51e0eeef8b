import type { FormEvent } from 'react';
import { useState } from 'react';
import type { ManagedUserDto, Role } from '@werkboard/common';
import { de, DEFAULT_ROLE, ROLES, userCreateSchema, userUpdateSchema, validate } from '@werkboard/common';
import { ApiError, serverMessageOr } from '../../api/errors';
import { Dialog } from '../../components/Dialog';
import { DialogActions, FormError } from '../../components/FormActions';
import { FormField } from '../../components/FormField';
import { ContactFields } from '../../entities/user/ContactFields';
import { useFocusFirstInvalid } from '../../components/useFocusFirstInvalid';
import { useSubmit } from '../../components/useSubmit';
import { useAppDispatch } from '../../store/hooks';
import { usePolicy } from '../../entities/session/usePolicy';
import { LimitDialog } from '../../entities/license/LimitDialog';
import { createUser, updateUser } from '../../api/endpoints/users';

const f = de.users.fields;

interface UserForm {
  username: string;
  password: string;
  email: string;
  phone: string;
  privatePhone: string;
  address: string;
  website: string;
  otherInfo: string;
  role: Role;
  directMessagesEnabled: boolean;
}

function formOf(user: ManagedUserDto | null): UserForm {
  return {
    username: user?.username ?? '',
    password: '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    privatePhone: user?.privatePhone ?? '',
    address: user?.address ?? '',
    website: user?.website ?? '',
    otherInfo: user?.otherInfo ?? '',
    role: user?.role ?? DEFAULT_ROLE,
    directMessagesEnabled: user?.directMessagesEnabled ?? true,
  };
}

export interface UserDialogProps {
  /** The user to edit; null creates a new one. */
  user: ManagedUserDto | null;
  onClose: () => void;
}

/**
 * Create or edit a user (spec section 2 and 5). Validation is common's request schema, the
 * same the server runs: values trimmed, password required only for new users and sent only
 * when typed. Roles at or above one's own are disabled unless one is Admin.
 */
export function UserDialog({ user, onClose }: UserDialogProps) {
  const dispatch = useAppDispatch();
  const policy = usePolicy();
  const [form, setForm] = useState<UserForm>(() => formOf(user));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const formRef = useFocusFirstInvalid(fieldErrors);
  const submit = useSubmit({ limits: true });
  const isNew = user === null;

  const set =
    <K extends keyof UserForm>(key: K) =>
    (value: UserForm[K]) =>
      setForm((current) => ({ ...current, [key]: value }));

  const send = async (write: () => Promise<unknown>) => {
    setFieldErrors({});
    const saved = await submit.run(write, (caught) => {
      if (caught instanceof ApiError && Object.keys(caught.fields).length > 0) setFieldErrors(caught.fields);
      return serverMessageOr(caught, de.usersScreen.saveFailed);
    });
    if (saved) onClose();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submit.busy) return;
    submit.setError(null);
    if (isNew) {
      const checked = validate(userCreateSchema, form);
      if (!checked.ok) return setFieldErrors(checked.fields);
      await send(() => dispatch(createUser(checked.value)));
    } else {
      const checked = validate(userUpdateSchema, form);
      if (!checked.ok) return setFieldErrors(checked.fields);
      await send(() => dispatch(updateUser(user.id, checked.value)));
    }
  };

  return (
    <Dialog title={isNew ? de.usersScreen.createTitle : de.usersScreen.editTitle(user.username)} onClose={onClose}>
      <form ref={formRef} className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <FormField label={f.username} error={fieldErrors.username}>
          <input
            type="text"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={form.username}
            onChange={(event) => set('username')(event.target.value)}
          />
        </FormField>
        <FormField
          label={f.password}
          error={fieldErrors.password}
          hint={isNew ? undefined : de.usersScreen.passwordKeepHint}
        >
          <input
            type="password"
            autoComplete="new-password"
            value={form.password}
            onChange={(event) => set('password')(event.target.value)}
          />
        </FormField>
        {/* A reset by someone else gives the user a new message key: old messages stay sealed. */}
        {!isNew && form.password !== '' && (
          <p className="muted" role="note">
            {de.directMessages.resetWarning}
          </p>
        )}
        <ContactFields values={form} errors={fieldErrors} onChange={(key, value) => set(key)(value)} />
        <FormField
          label={f.role}
          error={fieldErrors.role}
          hint={policy.actor?.role === 'Admin' ? undefined : de.usersScreen.roleHint}
        >
          <select value={form.role} onChange={(event) => set('role')(event.target.value as Role)}>
            {ROLES.map((role) => (
              <option key={role} value={role} disabled={!policy.canAssignRole(role)}>
                {role}
              </option>
            ))}
          </select>
        </FormField>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={form.directMessagesEnabled}
            onChange={(event) => set('directMessagesEnabled')(event.target.checked)}
          />
          {f.directMessagesEnabled}
        </label>
        <FormError error={submit.error} />
        <DialogActions onCancel={onClose} busy={submit.busy} />
      </form>
      {submit.limit && <LimitDialog kind={submit.limit} onClose={submit.limitSeen} />}
    </Dialog>
  );
}
