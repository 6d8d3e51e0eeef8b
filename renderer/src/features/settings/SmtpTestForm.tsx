import type { FormEvent } from 'react';
import { useState } from 'react';
import { de, smtpTestSchema, validate } from '@werkboard/common';
import { serverMessageOr } from '../../api/errors';
import { sendSmtpTest } from '../../api/endpoints/settings';
import { FormField } from '../../components/FormField';
import { FeedbackMessage, type Feedback } from '../../components/FormFeedback';
import { useAppDispatch, useAppSelector } from '../../store/hooks';

const m = de.mail;

/**
 * 'Test-E-Mail senden' (issue 16): sends through the settings as stored (save them first) to
 * the given address, the Admin's own by default, and shows what the SMTP server answered or
 * why it failed, in German.
 */
export function SmtpTestForm() {
  const dispatch = useAppDispatch();
  const ownEmail = useAppSelector((state) => state.auth.user?.email ?? '');
  const [to, setTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const recipient = to ?? ownEmail ?? '';

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const checked = validate(smtpTestSchema, { to: recipient });
    if (!checked.ok) {
      setFeedback({ kind: 'error', text: checked.fields.to ?? m.recipientInvalid });
      return;
    }
    setBusy(true);
    setFeedback(null);
    try {
      setFeedback({ kind: 'success', text: await dispatch(sendSmtpTest(checked.value.to!)) });
    } catch (error) {
      setFeedback({ kind: 'error', text: serverMessageOr(error, m.failed('')) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form settings-section" onSubmit={(event) => void onSubmit(event)} noValidate>
      <FormField label={m.testRecipient}>
        <input type="email" value={recipient} onChange={(event) => setTo(event.target.value)} />
      </FormField>
      {busy ? <p role="status">{m.testSending}</p> : <FeedbackMessage feedback={feedback} />}
      <div className="form__actions">
        <button type="submit" className="button" disabled={busy}>
          {m.testButton}
        </button>
      </div>
    </form>
  );
}
