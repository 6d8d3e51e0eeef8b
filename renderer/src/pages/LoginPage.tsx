import type { FormEvent } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { deStart, LOGIN_FADE_IN_MS } from '@werkboard/common';
import { clearLocalData } from '../platform/persistStorage';
import { clearKeptReads } from '../entities/outbox/syncThunks';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { InstallLink } from '../features/install/InstallLink';
import { useServerStatusPolling } from '../entities/connection/useServerStatusPolling';
import { login, loginWithCode } from '../entities/session/sessionThunks';
import { noticeCleared } from '../entities/session/authSlice';
import { ServerStatusLine } from '../features/diagnostics/ServerStatusLine';
import { useStagedReveal } from '../components/useStagedReveal';
import { loadLoginChecks } from '../entities/session/loadLoginChecks';
import { lazyDialog } from '../components/lazyDialog';
import { whenIdle } from '../utils/whenIdle';
import { loadApiCache } from '../api/loadApiCache';

// Opened on click, so not in the first script (issue 19); loaded when the browser is idle after
// the login shows, so that a click finds them there (and the service worker has them offline).
const DiagnosticsDialog = lazyDialog(deStart.diagnostics.title, () =>
  import('../features/diagnostics/DiagnosticsDialog').then((m) => m.DiagnosticsDialog),
);
const HelpDialog = lazyDialog(deStart.help.title, () =>
  import('../features/help/HelpDialog').then((m) => m.HelpDialog),
);

type OpenDialog = 'none' | 'diagnostics' | 'help';

function stageClass(shown: number, stage: number): string {
  return shown >= stage ? 'stage stage--shown' : 'stage';
}

/** /login: tagline, form, server status; parts fade in at 100, 600 and 1600 ms. */
export function LoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const notice = useAppSelector((state) => state.auth.notice);
  // Known to be not initialised: an answer of the status poll said so. Before the first answer
  // (a slow line, a user faster than the poll) the login is sent and the server decides.
  const databaseNotInitialized = useAppSelector((state) => state.serverStatus.status?.databaseInitialized === false);
  const { restart } = useServerStatusPolling();
  const shown = useStagedReveal(LOGIN_FADE_IN_MS);

  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const passwordForSecondStep = useRef('');
  const [error, setError] = useState<string | null>(null);
  const [invalidFields, setInvalidFields] = useState<Record<string, string>>({});
  const [storageFull, setStorageFull] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [dialog, setDialog] = useState<OpenDialog>('none');
  // The second step (a user with a second factor): the challenge of the password step.
  const [challenge, setChallenge] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);
  const ids = { username: useId(), password: useId(), error: useId(), code: useId(), codeHint: useId() };

  const shownError = error ?? notice;

  // Loaded while the user types, so a submit finds them there.
  useEffect(() => {
    void loadLoginChecks();
  }, []);
  // Idle: the dialogs, and the server data cache the app needs right after login.
  useEffect(
    () =>
      whenIdle(
        () =>
          void Promise.all([DiagnosticsDialog.preload(), HelpDialog.preload(), dispatch(loadApiCache())]).catch(
            () => undefined,
          ),
      ),
    [dispatch],
  );

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    dispatch(noticeCleared());
    setStorageFull(false);
    const checks = await loadLoginChecks();
    if (!checks) {
      setError(deStart.app.pageLoadFailed);
      return;
    }
    const checked = checks.validate(checks.loginRequestSchema, { username, password });
    if (!checked.ok) {
      setInvalidFields(checked.fields);
      setError(checked.message);
      return;
    }
    setInvalidFields({});
    // Spec section 5: login is refused while the database is not initialised. The button stays
    // enabled so that a click says why (issue 19: a disabled button alone explained nothing).
    if (databaseNotInitialized) {
      setError(deStart.login.databaseNotInitialized);
      return;
    }
    setError(null);
    setSubmitting(true);
    const result = await dispatch(login(checked.value));
    setSubmitting(false);
    if (result.ok) {
      void navigate('/', { replace: true });
      return;
    }
    if ('challenge' in result) {
      // The field is cleared; the second step still needs the password to unlock the message key.
      passwordForSecondStep.current = checked.value.password;
      setPassword('');
      setChallenge(result.challenge);
      return;
    }
    setError(result.message);
    setStorageFull(result.storageFull === true);
  };

  const onCodeSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting || !challenge) return;
    const checks = await loadLoginChecks();
    if (!checks) {
      setError(deStart.app.pageLoadFailed);
      return;
    }
    const checked = checks.validate(checks.secondFactorLoginSchema, { challenge, code });
    if (!checked.ok) {
      setInvalidFields({ code: checked.message });
      setError(checked.message);
      return;
    }
    setInvalidFields({});
    setError(null);
    setSubmitting(true);
    const result = await dispatch(loginWithCode(checked.value, passwordForSecondStep.current));
    setSubmitting(false);
    if (result.ok) {
      void navigate('/', { replace: true });
      return;
    }
    if ('challenge' in result) return;
    setCode('');
    setError(result.message);
    setStorageFull(result.storageFull === true);
  };

  const backToPassword = () => {
    setChallenge(null);
    setCode('');
    setUseRecovery(false);
    setError(null);
    setInvalidFields({});
  };

  const onClearLocalData = () => {
    clearLocalData(window.localStorage);
    void dispatch(clearKeptReads()).catch(() => undefined);
    setStorageFull(false);
    setError(null);
  };

  return (
    <main className="login">
      <div className="login__card">
        <header className={`login__brand ${stageClass(shown, 1)}`}>
          <span className="login__logo" aria-hidden="true">
            W
          </span>
          <h1 className="login__title">{deStart.app.name}</h1>
          <p className="login__tagline">{deStart.app.tagline}</p>
        </header>

        {challenge ? (
          <form
            className="login__form stage stage--shown"
            onSubmit={(event) => void onCodeSubmit(event)}
            noValidate
            aria-describedby={error ? ids.error : undefined}
          >
            <h2 className="visually-hidden">{deStart.login.title}</h2>
            <div className="field">
              <label htmlFor={ids.code}>
                {useRecovery ? deStart.secondFactor.recoveryLabel : deStart.secondFactor.codeLabel}
              </label>
              <input
                id={ids.code}
                key={useRecovery ? 'recovery' : 'code'}
                name={useRecovery ? 'recoveryCode' : 'code'}
                type="text"
                autoComplete={useRecovery ? 'off' : 'one-time-code'}
                inputMode={useRecovery ? 'text' : 'numeric'}
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                maxLength={useRecovery ? 40 : 6}
                autoFocus
                value={code}
                onChange={(event) => setCode(event.target.value)}
                aria-describedby={ids.codeHint}
                aria-invalid={invalidFields.code ? true : undefined}
              />
              <p id={ids.codeHint} className="muted">
                {useRecovery ? deStart.secondFactor.recoveryHint : deStart.secondFactor.codeHint}
              </p>
            </div>
            {error && (
              <div id={ids.error} role="alert" className="message message--error">
                {error}
              </div>
            )}
            {storageFull && (
              <button type="button" className="button button--secondary" onClick={onClearLocalData}>
                {deStart.login.clearLocalData}
              </button>
            )}
            <button type="submit" className="button button--primary button--block" disabled={submitting}>
              {deStart.secondFactor.confirm}
            </button>
            {submitting && (
              <p className="muted login__progress" role="status">
                {deStart.secondFactor.confirming}
              </p>
            )}
            <div className="login__links">
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  setUseRecovery(!useRecovery);
                  setCode('');
                  setError(null);
                }}
              >
                {useRecovery ? deStart.secondFactor.useCode : deStart.secondFactor.useRecovery}
              </button>
              <button type="button" className="link-button" onClick={backToPassword}>
                {deStart.secondFactor.backToLogin}
              </button>
            </div>
          </form>
        ) : (
          <form
            className={`login__form ${stageClass(shown, 2)}`}
            onSubmit={(event) => void onSubmit(event)}
            noValidate
            aria-describedby={shownError ? ids.error : undefined}
          >
            <h2 className="visually-hidden">{deStart.login.title}</h2>
            <div className="field">
              <label htmlFor={ids.username}>{deStart.login.username}</label>
              <input
                id={ids.username}
                name="username"
                type="text"
                autoComplete="username"
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                value={username}
                onChange={(event) => setUsername(event.target.value)}
                aria-invalid={invalidFields.username ? true : undefined}
              />
            </div>
            <div className="field">
              <label htmlFor={ids.password}>{deStart.login.password}</label>
              <input
                id={ids.password}
                name="password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                aria-invalid={invalidFields.password ? true : undefined}
              />
            </div>
            {shownError && (
              <div id={ids.error} role="alert" className="message message--error">
                {shownError}
              </div>
            )}
            {storageFull && (
              <button type="button" className="button button--secondary" onClick={onClearLocalData}>
                {deStart.login.clearLocalData}
              </button>
            )}
            <button type="submit" className="button button--primary button--block" disabled={submitting}>
              {deStart.login.submit}
            </button>
            {submitting && (
              <p className="muted login__progress" role="status">
                {deStart.login.submitting}
              </p>
            )}
          </form>
        )}

        <footer className={`login__footer ${stageClass(shown, 3)}`}>
          <ServerStatusLine onRetry={restart} />
          <div className="login__links">
            <button type="button" className="link-button" onClick={() => setDialog('diagnostics')}>
              {deStart.login.diagnostics}
            </button>
            <InstallLink />
            <button type="button" className="link-button" onClick={() => setDialog('help')}>
              {deStart.login.help}
            </button>
          </div>
        </footer>
      </div>
      {dialog === 'diagnostics' && <DiagnosticsDialog onClose={() => setDialog('none')} />}
      {dialog === 'help' && <HelpDialog onClose={() => setDialog('none')} />}
    </main>
  );
}
