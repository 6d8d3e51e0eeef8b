import type { FormEvent } from 'react';
import { useState } from 'react';
import type { SmtpEncryption, SmtpSettingsDto } from '@werkboard/common';
import { de, SMTP_DEFAULTS, SMTP_ENCRYPTIONS, smtpSettingsPatchSchema, validate } from '@werkboard/common';
import { FormField } from '../../components/FormField';
import { FormFooter } from '../../components/FormFeedback';
import { useFocusFirstInvalid } from '../../components/useFocusFirstInvalid';
import { useSubmit } from '../../components/useSubmit';
import { useAppDispatch } from '../../store/hooks';
import { saveSmtpSettings, useSettingsQuery } from '../../api/endpoints/settings';
import { SmtpTestForm } from './SmtpTestForm';

const t = de.settingsScreen.smtp;

interface SmtpForm {
  host: string;
  port: string;
  username: string;
  password: string;
  encryption: SmtpEncryption;
  fromEmail: string;
  fromName: string;
}

function formOf(smtp: Omit<SmtpSettingsDto, 'hasPassword'>): SmtpForm {
  return {
    host: smtp.host,
    port: String(smtp.port),
    username: smtp.username,
    password: '',
    encryption: smtp.encryption,
    fromEmail: smtp.fromEmail,
    fromName: smtp.fromName,
  };
}

/**
 * The server's SMTP settings (Admin only). The password is write-only: it is never shown,
 * and a blank field keeps the stored one. Port 587 and TLS by default.
 */
export function SmtpSection() {
  const dispatch = useAppDispatch();
  // The defaults until the stored settings come; a newer stored copy (loaded, saved) replaces the edits.
  const stored = useSettingsQuery().data?.smtp ?? null;
  const [edit, setEdit] = useState<{ from: SmtpSettingsDto | null; form: SmtpForm } | null>(null);
  const form = edit && edit.from === stored ? edit.form : formOf(stored ?? SMTP_DEFAULTS);
  const hasPassword = stored?.hasPassword ?? false;
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const formRef = useFocusFirstInvalid(fieldErrors);
  const submit = useSubmit();

  const set = (key: keyof SmtpForm) => (value: string) => {
    submit.clear();
    setEdit({ from: stored, form: { ...form, [key]: value } });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submit.busy) return;
    // The password goes out only when typed: blank keeps the stored one.
    const { password, ...rest } = form;
    const checked = validate(smtpSettingsPatchSchema, password === '' ? rest : form);
    if (!checked.ok) {
      setFieldErrors(checked.fields);
      return;
    }
    setFieldErrors({});
    // The answer becomes the stored copy, and so the form.
    await submit.run(
      () => dispatch(saveSmtpSettings(checked.value)),
      () => de.settings.saveFailed,
      t.saved,
    );
  };

  return (
    <>
      <form ref={formRef} className="form settings-section" onSubmit={(event) => void onSubmit(event)} noValidate>
        <div className="form__grid">
          <FormField label={t.host} error={fieldErrors.host}>
            <input type="text" value={form.host} onChange={(event) => set('host')(event.target.value)} />
          </FormField>
          <FormField label={t.port} error={fieldErrors.port}>
            <input
              type="number"
              inputMode="numeric"
              min={1}
              max={65535}
              step={1}
              value={form.port}
              onChange={(event) => set('port')(event.target.value)}
            />
          </FormField>
          <FormField label={t.username} error={fieldErrors.username}>
            <input
              type="text"
              autoComplete="off"
              value={form.username}
              onChange={(event) => set('username')(event.target.value)}
            />
          </FormField>
          <FormField
            label={t.password}
            error={fieldErrors.password}
            hint={hasPassword ? `${t.passwordStored} ${t.passwordKeep}` : t.passwordKeep}
          >
            <input
              type="password"
              autoComplete="new-password"
              value={form.password}
              onChange={(event) => set('password')(event.target.value)}
            />
          </FormField>
          <FormField label={t.encryption} error={fieldErrors.encryption}>
            <select value={form.encryption} onChange={(event) => set('encryption')(event.target.value)}>
              {SMTP_ENCRYPTIONS.map((value) => (
                <option key={value} value={value}>
                  {t.encryptions[value]}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label={t.fromEmail} error={fieldErrors.fromEmail}>
            <input type="email" value={form.fromEmail} onChange={(event) => set('fromEmail')(event.target.value)} />
          </FormField>
          <FormField label={t.fromName} error={fieldErrors.fromName}>
            <input type="text" value={form.fromName} onChange={(event) => set('fromName')(event.target.value)} />
          </FormField>
        </div>
        <FormFooter feedback={submit.feedback} saving={submit.busy} label={t.save} />
      </form>
      <SmtpTestForm />
    </>
  );
}
