import type { FormEvent } from 'react';
import { useState } from 'react';
import { deStart } from '@werkboard/common';
import { FormField } from '../../components/FormField';
import { useAppDispatch } from '../../store/hooks';
import { readServerLogAs } from './serverLogThunks';
import { loadLoginChecks } from '../../entities/session/loadLoginChecks';

/** The login page's server log tab: asks for an Admin's credentials, then shows the log. */
export function ServerLogSignIn() {
  const dispatch = useAppDispatch();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [log, setLog] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checks = await loadLoginChecks();
    if (!checks) {
      setError(deStart.app.pageLoadFailed);
      return;
    }
    const checked = checks.validate(checks.loginRequestSchema, { username, password });
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setBusy(true);
    setError(null);
    const answer = await dispatch(readServerLogAs(checked.value));
    setBusy(false);
    setPassword('');
    if (answer.ok) setLog(answer.log);
    else setError(answer.message);
  };

  return (
    <div className="server-log">
      <form className="server-log__sign-in" onSubmit={(event) => void submit(event)} noValidate>
        <p className="muted">{deStart.diagnostics.adminSignInHint}</p>
        <FormField label={deStart.login.username}>
          <input value={username} autoComplete="username" onChange={(event) => setUsername(event.target.value)} />
        </FormField>
        <FormField label={deStart.login.password}>
          <input
            type="password"
            value={password}
            autoComplete="current-password"
            onChange={(event) => setPassword(event.target.value)}
          />
        </FormField>
        {error && (
          <p role="alert" className="message message--error">
            {error}
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? deStart.diagnostics.loadingServerLog : deStart.diagnostics.loadServerLog}
        </button>
      </form>
      {log !== null && <pre className="log log--server">{log || deStart.diagnostics.emptyLog}</pre>}
    </div>
  );
}
