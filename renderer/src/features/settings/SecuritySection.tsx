import type { FormEvent } from 'react';
import { useState } from 'react';
import {
  de,
  HIGHEST_PASSWORD_MIN_LENGTH,
  LOWEST_PASSWORD_MIN_LENGTH,
  securitySettingsPatchSchema,
  type SecuritySettingsDto,
  validate,
} from '@werkboard/common';
import { serverMessageOr } from '../../api/errors';
import { saveSecuritySettings, useSecuritySettingsQuery } from '../../api/endpoints/settings';
import { FormField } from '../../components/FormField';
import { FormFooter } from '../../components/FormFeedback';
import { useSubmit } from '../../components/useSubmit';
import { useAppDispatch } from '../../store/hooks';

const t = de.security;

/**
 * The server's security settings (Admin only): the password minimum, 3 to 64 (issue 13,
 * finding 7), and 'Zweiter Faktor für Admins erforderlich'. Below the recommended 8 the warning shows while typing and as the server says it.
 */
export function SecuritySection() {
  const query = useSecuritySettingsQuery();
  if (query.isError)
    return (
      <p role="alert" className="message message--error settings-section">
        {serverMessageOr(query.error, t.loadFailed)}
      </p>
    );
  if (!query.data) return <p className="muted settings-section">{de.actions.loading}</p>;
  // The form starts from the stored copy; after a save it already shows what was stored.
  return <SecurityForm stored={query.data} />;
}

function SecurityForm({ stored }: { stored: SecuritySettingsDto }) {
  const dispatch = useAppDispatch();
  const [minimum, setMinimum] = useState(String(stored.passwordMinLength));
  const [secondFactorRequired, setSecondFactorRequired] = useState(stored.secondFactorRequiredForAdmins);
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const submit = useSubmit();
  const typed = Number(minimum);
  const belowRecommended = Number.isInteger(typed) && typed < stored.recommendedPasswordMinLength;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submit.busy) return;
    const checked = validate(securitySettingsPatchSchema, {
      passwordMinLength: minimum === '' ? NaN : typed,
      secondFactorRequiredForAdmins: secondFactorRequired,
    });
    if (!checked.ok) {
      setFieldError(checked.fields.passwordMinLength);
      return;
    }
    setFieldError(undefined);
    await submit.run(
      () => dispatch(saveSecuritySettings(checked.value)),
      (caught) => serverMessageOr(caught, de.settings.saveFailed),
      t.saved,
    );
  };

  return (
    <form className="form settings-section" onSubmit={(event) => void onSubmit(event)} noValidate>
      <FormField
        label={t.passwordMinLength}
        error={fieldError}
        hint={t.passwordMinLengthHint(
          LOWEST_PASSWORD_MIN_LENGTH,
          HIGHEST_PASSWORD_MIN_LENGTH,
          stored.recommendedPasswordMinLength,
        )}
      >
        <input
          type="number"
          inputMode="numeric"
          min={LOWEST_PASSWORD_MIN_LENGTH}
          max={HIGHEST_PASSWORD_MIN_LENGTH}
          value={minimum}
          onChange={(event) => {
            submit.clear();
            setMinimum(event.target.value);
          }}
        />
      </FormField>
      {belowRecommended && (
        <p role="note" className="message message--warning">
          {de.settings.passwordMinLengthWarning(stored.recommendedPasswordMinLength)}
        </p>
      )}
      <label className="checkbox">
        <input
          type="checkbox"
          checked={secondFactorRequired}
          onChange={(event) => {
            submit.clear();
            setSecondFactorRequired(event.target.checked);
          }}
        />
        {de.secondFactor.requiredForAdmins}
      </label>
      <p className="muted">{de.secondFactor.requiredForAdminsHint}</p>
      <FormFooter feedback={submit.feedback} saving={submit.busy} label={de.actions.save} />
    </form>
  );
}
