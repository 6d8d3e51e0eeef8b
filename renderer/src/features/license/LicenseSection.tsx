import type { FormEvent } from 'react';
import { useEffect, useState } from 'react';
import { de, licenseActivationSchema, validate } from '@werkboard/common';
import { ApiError, SessionLostError, serverMessageOr } from '../../api/errors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormField } from '../../components/FormField';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { useStatsCountsQuery } from '../../api/endpoints/license';
import { activateAndRefresh } from './licenseThunks';
import { LicenseUsage } from '../../entities/license/LicenseUsage';

/** Spec section 9: after a successful activation the dialog closes after 2.5 s. */
export const LICENSE_SUCCESS_CLOSE_MS = 2500;

type Activation =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'success'; message: string }
  | { state: 'error'; message: string };

const l = de.licenseScreen;

/**
 * 'Lizenzstatus' (Admin only): license type, usage bars from GET /stats/counts and the
 * activation form. A 409 asks 'Lizenz bereits in Verwendung' and offers a forced activation.
 */
export function LicenseSection({ onActivated }: { onActivated: () => void }) {
  const dispatch = useAppDispatch();
  const userLicense = useAppSelector((state) => state.auth.user?.licenseType ?? 'Free');
  const countsQuery = useStatsCountsQuery();
  const counts = countsQuery.data ?? null;
  const countsFailed = counts === null && countsQuery.isError;
  const [email, setEmail] = useState('');
  const [licenseKey, setLicenseKey] = useState('');
  const [activation, setActivation] = useState<Activation>({ state: 'idle' });
  const [confirmForce, setConfirmForce] = useState(false);

  useEffect(() => {
    if (activation.state !== 'success') return;
    const timer = setTimeout(onActivated, LICENSE_SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [activation.state, onActivated]);

  const activate = async (force: boolean) => {
    const checked = validate(licenseActivationSchema, { email, licenseKey, force });
    if (!checked.ok) {
      setActivation({ state: 'error', message: checked.message });
      return;
    }
    setActivation({ state: 'loading' });
    try {
      const { email: checkedEmail, licenseKey: checkedKey } = checked.value;
      // The usage bars are read again (the activation invalidates them).
      const answer = await dispatch(activateAndRefresh({ email: checkedEmail, licenseKey: checkedKey, force }));
      setActivation({ state: 'success', message: answer.message || de.license.activated });
    } catch (caught) {
      if (!force && caught instanceof ApiError && !(caught instanceof SessionLostError) && caught.status === 409) {
        setActivation({ state: 'idle' });
        setConfirmForce(true);
        return;
      }
      setActivation({
        state: 'error',
        message: force ? de.license.forcedFailed : serverMessageOr(caught, de.license.unknownError),
      });
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (activation.state === 'loading' || activation.state === 'success') return;
    void activate(false);
  };

  const licenseType = counts?.licenseType ?? userLicense;
  return (
    <div className="settings-section">
      <p className="license-type">
        <span className="muted">{l.type}:</span>{' '}
        <strong>{licenseType === 'Lifetime' ? de.license.lifetime : de.license.free}</strong>
      </p>
      {licenseType === 'Lifetime' && <p className="muted">{l.lifetimeActive}</p>}

      <h4 className="subheading">{l.usageTitle}</h4>
      {counts && <LicenseUsage counts={counts} />}
      {!counts && !countsFailed && <p className="muted">{de.actions.loading}</p>}
      {countsFailed && (
        <p role="alert" className="message message--error">
          {l.countsFailed}
        </p>
      )}

      <h4 className="subheading">{l.activateTitle}</h4>
      <form className="form" onSubmit={onSubmit} noValidate>
        <FormField label={l.email}>
          <input type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />
        </FormField>
        <FormField label={l.key}>
          <textarea
            rows={3}
            spellCheck={false}
            className="mono"
            value={licenseKey}
            onChange={(event) => setLicenseKey(event.target.value)}
          />
        </FormField>
        {activation.state === 'error' && (
          <p role="alert" className="message message--error">
            {activation.message}
          </p>
        )}
        {activation.state === 'success' && (
          <p role="status" className="message message--success">
            {activation.message}
          </p>
        )}
        <div className="form__actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={activation.state === 'loading' || activation.state === 'success'}
          >
            {activation.state === 'loading' ? l.activating : l.activate}
          </button>
        </div>
      </form>

      {confirmForce && (
        <ConfirmDialog
          title={de.license.inUseTitle}
          confirmLabel={l.forceActivate}
          onCancel={() => setConfirmForce(false)}
          onConfirm={() => {
            setConfirmForce(false);
            void activate(true);
          }}
        >
          <p>{de.license.inUse}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
