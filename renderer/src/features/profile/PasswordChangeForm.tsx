import type { FormEvent } from 'react';
import { useState } from 'react';
import { changePasswordFormSchema, de, validate } from '@werkboard/common';
import { FormField } from '../../components/FormField';
import { FormFooter } from '../../components/FormFeedback';
import { useSubmit } from '../../components/useSubmit';
import { useFocusFirstInvalid } from '../../components/useFocusFirstInvalid';
import { useAppDispatch } from '../../store/hooks';
import { changePassword, failureOf } from './profileThunks';

const p = de.profileScreen;
const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** 'Passwort ändern': current, new and confirmation, checked with common's form schema. */
export function PasswordChangeForm() {
  const dispatch = useAppDispatch();
  const [form, setForm] = useState(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const formRef = useFocusFirstInvalid(fieldErrors);
  const submit = useSubmit();

  const set = (key: keyof typeof EMPTY) => (value: string) => {
    submit.clear();
    setForm((current) => ({ ...current, [key]: value }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submit.busy) return;
    const checked = validate(changePasswordFormSchema, form);
    if (!checked.ok) {
      setFieldErrors(checked.fields);
      return;
    }
    setFieldErrors({});
    const { currentPassword, newPassword } = checked.value;
    const changed = await submit.run(
      () => dispatch(changePassword({ currentPassword, newPassword })),
      (caught) => failureOf(caught, setFieldErrors),
      de.password.changed,
    );
    if (changed) setForm(EMPTY);
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
        <FormFooter feedback={submit.feedback} saving={submit.busy} label={p.changePassword} />
      </form>
    </section>
  );
}
