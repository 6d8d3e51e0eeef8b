import type { FormEvent } from 'react';
import { useState } from 'react';
import { changePasswordFormSchema, de, validate } from '@werkboard/common';
import { ApiError, serverMessageOr } from '../../api/errors';
import { FormField } from '../../components/FormField';
import { type Feedback, FormFooter } from '../../components/FormFeedback';
import { useFocusFirstInvalid } from '../../components/useFocusFirstInvalid';
import { useAppDispatch } from '../../store/hooks';
import { changePassword } from './profileThunks';

const p = de.profileScreen;
const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** 'Passwort ändern': current, new and confirmation, checked with common's form schema. */
export function PasswordChangeForm() {
  const dispatch = useAppDispatch();
  const [form, setForm] = useState(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const formRef = useFocusFirstInvalid(fieldErrors);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [saving, setSaving] = useState(false);

  const set = (key: keyof typeof EMPTY) => (value: string) => {
    setFeedback(null);
    setForm((current) => ({ ...current, [key]: value }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const checked = validate(changePasswordFormSchema, form);
    if (!checked.ok) {
      setFieldErrors(checked.fields);
      return;
    }
    setFieldErrors({});
    setSaving(true);
    try {
      await dispatch(
        changePassword({ currentPassword: checked.value.currentPassword, newPassword: checked.value.newPassword }),
      );
      setForm(EMPTY);
      setFeedback({ kind: 'success', text: de.password.changed });
    } catch (caught) {
      if (caught instanceof ApiError) setFieldErrors(caught.fields);
      setFeedback({ kind: 'error', text: de.profile.failed(serverMessageOr(caught, de.api.internal)) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="panel" aria-labelledby="password-title">
      <h2 id="password-title" className="panel__title">
        {p.passwordTitle}
      </h2>
      <form ref={formRef} className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <FormField label={p.currentPassword} error={fieldErrors.currentPassword}>
          <input
            type="password"
            autoComplete="current-password"
            value={form.currentPassword}
            onChange={(event) => set('currentPassword')(event.target.value)}
          />
        </FormField>
        <FormField label={p.newPassword} error={fieldErrors.newPassword}>
          <input
            type="password"
            autoComplete="new-password"
            value={form.newPassword}
            onChange={(event) => set('newPassword')(event.target.value)}
          />
        </FormField>
        <FormField label={p.confirmPassword} error={fieldErrors.confirmPassword}>
          <input
            type="password"
            autoComplete="new-password"
            value={form.confirmPassword}
            onChange={(event) => set('confirmPassword')(event.target.value)}
          />
        </FormField>
        <FormFooter feedback={feedback} saving={saving} label={p.changePassword} />
      </form>
    </section>
  );
}
