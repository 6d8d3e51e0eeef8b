import { useEffect, useState } from 'react';
import { de } from '@werkboard/common';
import { serverMessageOr } from '../../api/errors';
import { useSubmit } from '../../components/useSubmit';
import { useAppDispatch } from '../../store/hooks';
import { disablePush, enablePush, loadPushStatus, type PushStatus } from './pushThunks';

const p = de.push;

const STATUS_TEXT: Record<PushStatus, string> = {
  enabled: p.enabled,
  disabled: p.disabled,
  denied: p.denied,
  unsupported: p.unsupported,
};

/**
 * 'Push-Benachrichtigungen' (spec 4; issue 16): loading, then enabled, disabled or denied (the
 * browser blocks them), or unavailable in this browser. On and off for this device only.
 */
export function PushPanel() {
  const dispatch = useAppDispatch();
  const submit = useSubmit();
  const [status, setStatus] = useState<PushStatus | 'loading'>('loading');
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    dispatch(loadPushStatus()).then(
      (loaded) => live && setStatus(loaded),
      () => {
        if (!live) return;
        setStatus('disabled');
        setLoadError(p.loadFailed);
      },
    );
    return () => {
      live = false;
    };
  }, [dispatch]);

  const change = (action: typeof enablePush, failed: string) => {
    setLoadError(null);
    void submit.run(
      async () => setStatus(await dispatch(action())),
      (caught) => serverMessageOr(caught, failed),
    );
  };

  return (
    <section className="panel" aria-labelledby="push-title">
      <h2 id="push-title" className="panel__title">
        {p.sectionTitle}
      </h2>
      <p className="muted">{p.sectionIntro}</p>
      {status === 'loading' ? (
        <p className="muted">{p.loading}</p>
      ) : (
        <p
          role="status"
          className={
            status === 'denied' ? 'message message--error' : status === 'enabled' ? 'message message--success' : 'muted'
          }
        >
          {STATUS_TEXT[status]}
        </p>
      )}
      {loadError && (
        <p role="alert" className="message message--error">
          {loadError}
        </p>
      )}
      {submit.error && (
        <p role="alert" className="message message--error">
          {submit.error}
        </p>
      )}
      {(status === 'enabled' || status === 'disabled') && (
        <div className="form__actions">
          {status === 'enabled' ? (
            <button
              type="button"
              className="button button--secondary"
              disabled={submit.busy}
              onClick={() => change(disablePush, p.disableFailed)}
            >
              {submit.busy ? p.disabling : p.disable}
            </button>
          ) : (
            <button
              type="button"
              className="button"
              disabled={submit.busy}
              onClick={() => change(enablePush, p.enableFailed)}
            >
              {submit.busy ? p.enabling : p.enable}
            </button>
          )}
        </div>
      )}
    </section>
  );
}
