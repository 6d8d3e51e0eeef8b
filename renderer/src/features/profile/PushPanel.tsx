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

  // Off when on, on when off; nothing to switch while loading, denied or unavailable.
  const toggle =
    status === 'enabled'
      ? {
          action: disablePush,
          failed: p.disableFailed,
          label: p.disable,
          busyLabel: p.disabling,
          className: 'button button--danger-outline',
        }
      : status === 'disabled'
        ? {
            action: enablePush,
            failed: p.enableFailed,
            label: p.enable,
            busyLabel: p.enabling,
            className: 'button button--primary',
          }
        : null;

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
      {(loadError ?? submit.error) && (
        <p role="alert" className="message message--error">
          {loadError ?? submit.error}
        </p>
      )}
      {toggle && (
        <div className="form__actions">
          <button
            type="button"
            className={toggle.className}
            disabled={submit.busy}
            onClick={() => change(toggle.action, toggle.failed)}
          >
            {submit.busy ? toggle.busyLabel : toggle.label}
          </button>
        </div>
      )}
    </section>
  );
}
