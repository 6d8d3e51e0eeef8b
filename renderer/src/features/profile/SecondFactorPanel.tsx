import { useEffect, useId, useState } from 'react';
import { toString as qrSvg } from 'qrcode';
import { de, type SecondFactorEnrolmentDto, type SecondFactorStatusDto } from '@werkboard/common';
import { serverMessageOr } from '../../api/errors';
import { useSubmit } from '../../components/useSubmit';
import { useAppDispatch } from '../../store/hooks';
import { confirmSecondFactor, disableSecondFactor, fetchSecondFactor, startSecondFactor } from './secondFactorThunks';
import { LoadFailed } from '../../components/LoadFailed';
import { ActionOutcome } from '../../components/FormFeedback';

const f = de.secondFactor;

/** The QR code of the otpauth URI, made here (the secret never leaves for a QR service). */
function QrImage({ uri }: { uri: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void qrSvg(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }).then((svg) => {
      if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      live = false;
    };
  }, [uri]);
  return src ? <img className="second-factor__qr" src={src} alt={f.qrAlt} width={200} height={200} /> : null;
}

/**
 * 'Zwei-Faktor-Anmeldung' (issue 13): set up with a QR code or the key as text, confirmed by the
 * first code, then the recovery codes once; off with the password and a code.
 */
export function SecondFactorPanel() {
  const dispatch = useAppDispatch();
  const submit = useSubmit();
  const ids = { code: useId(), password: useId(), offCode: useId() };
  const [status, setStatus] = useState<SecondFactorStatusDto | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [enrolment, setEnrolment] = useState<SecondFactorEnrolmentDto | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [notice, setNotice] = useState<string | null>(null);

  // Raised to load the state again (after a change, or 'Erneut versuchen').
  const [loads, setLoads] = useState(0);
  const load = () => setLoads((count) => count + 1);
  useEffect(() => {
    let live = true;
    dispatch(fetchSecondFactor()).then(
      (next) => {
        if (!live) return;
        setStatus(next);
        setLoadError(null);
      },
      (caught: unknown) => {
        if (live) setLoadError(serverMessageOr(caught, f.loadFailed));
      },
    );
    return () => {
      live = false;
    };
  }, [dispatch, loads]);

  const begin = () => {
    setNotice(null);
    void submit.run(
      async () => setEnrolment(await dispatch(startSecondFactor())),
      (caught) => serverMessageOr(caught, f.loadFailed),
    );
  };

  const confirm = () => {
    void submit.run(
      async () => {
        const answer = await dispatch(confirmSecondFactor(code.trim()));
        setEnrolment(null);
        setCode('');
        setRecoveryCodes(answer.recoveryCodes);
        setNotice(answer.message);
        load();
      },
      (caught) => serverMessageOr(caught, f.codeInvalid),
    );
  };

  const disable = () => {
    setNotice(null);
    void submit.run(
      async () => {
        const answer = await dispatch(disableSecondFactor({ password, code: code.trim() }));
        setPassword('');
        setCode('');
        setNotice(answer.message);
        load();
      },
      (caught) => serverMessageOr(caught, f.codeInvalid),
    );
  };

  const codeInput = (id: string) => (
    <input
      id={id}
      name="code"
      type="text"
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={40}
      value={code}
      onChange={(event) => setCode(event.target.value)}
    />
  );

  return (
    <section className="panel" aria-labelledby="second-factor-title">
      <h2 id="second-factor-title" className="panel__title">
        {f.title}
      </h2>
      <p className="muted">{f.intro}</p>
      {loadError && <LoadFailed message={loadError} onRetry={load} />}
      {!status && !loadError && <p className="muted">{de.actions.loading}</p>}
      {status?.required && !status.enabled && <p className="message message--warning">{f.requiredNotice}</p>}
      {status && <p>{status.enabled ? f.statusOn : f.statusOff}</p>}
      {status?.enabled && !recoveryCodes && <p className="muted">{f.recoveryLeft(status.recoveryCodesLeft)}</p>}

      {recoveryCodes && (
        <div className="second-factor__recovery">
          <h3>{f.recoveryTitle}</h3>
          <p>{f.recoveryIntro}</p>
          <ul className="second-factor__codes" aria-label={f.recoveryTitle}>
            {recoveryCodes.map((recovery) => (
              <li key={recovery}>
                <code>{recovery}</code>
              </li>
            ))}
          </ul>
          <button type="button" className="button button--secondary" onClick={() => setRecoveryCodes(null)}>
            {f.recoveryDone}
          </button>
        </div>
      )}

      {status && !status.enabled && !enrolment && (
        <div className="form__actions">
          <button type="button" className="button button--primary" disabled={submit.busy} onClick={begin}>
            {f.enable}
          </button>
        </div>
      )}

      {enrolment && (
        <form
          className="form second-factor__enrol"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            confirm();
          }}
        >
          <p>{f.scanQr}</p>
          <QrImage uri={enrolment.uri} />
          <p>
            {f.secretLabel}:{' '}
            <code className="second-factor__secret" data-testid="second-factor-secret">
              {enrolment.secret.replace(/(.{4})(?=.)/g, '$1 ')}
            </code>
          </p>
          <div className="field">
            <label htmlFor={ids.code}>{f.codeLabel}</label>
            {codeInput(ids.code)}
          </div>
          <div className="form__actions">
            <button type="submit" className="button button--primary" disabled={submit.busy}>
              {f.confirmEnrolment}
            </button>
          </div>
        </form>
      )}

      {status?.enabled && !status.required && !recoveryCodes && (
        <form
          className="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            disable();
          }}
        >
          <p className="muted">{f.disableIntro}</p>
          <div className="field">
            <label htmlFor={ids.password}>{f.password}</label>
            <input
              id={ids.password}
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={ids.offCode}>{f.codeLabel}</label>
            {codeInput(ids.offCode)}
          </div>
          <div className="form__actions">
            <button type="submit" className="button button--danger-outline" disabled={submit.busy}>
              {f.disable}
            </button>
          </div>
        </form>
      )}

      <ActionOutcome notice={notice} error={submit.error} />
    </section>
  );
}
