import { useEffect, useState } from 'react';
import { de, type MessageDigestDto } from '@werkboard/common';
import { fetchMessageDigest, putMessageDigest } from '../../api/endpoints/push';
import { serverMessageOr } from '../../api/errors';
import { useSubmit } from '../../components/useSubmit';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { ActionOutcome } from '../../components/FormFeedback';
import { LoadFailed } from '../../components/LoadFailed';

const m = de.mail;

/**
 * 'E-Mail-Zusammenfassung' (issue 16): the daily e-mail of unread messages (count and senders
 * only), off by default, stored on the server. Needs an e-mail address in the profile.
 */
export function DigestPanel() {
  const dispatch = useAppDispatch();
  const submit = useSubmit();
  const hasEmail = Boolean(useAppSelector((state) => state.auth.user?.email?.trim()));
  const [setting, setSetting] = useState<MessageDigestDto | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    dispatch(fetchMessageDigest()).then(
      (loaded) => live && setSetting(loaded),
      (caught: unknown) => live && setLoadError(serverMessageOr(caught, de.app.pageLoadFailed)),
    );
    return () => {
      live = false;
    };
  }, [dispatch, attempt]);

  const change = (enabled: boolean) => {
    setNotice(null);
    void submit.run(
      async () => {
        const saved = await dispatch(putMessageDigest(enabled));
        setSetting(saved);
        setNotice(m.digestSaved(saved.enabled));
      },
      (caught) => serverMessageOr(caught, m.digestSaveFailed),
    );
  };

  return (
    <section className="panel" aria-labelledby="digest-title">
      <h2 id="digest-title" className="panel__title">
        {m.digestSectionTitle}
      </h2>
      {loadError && (
        <LoadFailed
          message={loadError}
          onRetry={() => {
            setLoadError(null);
            setAttempt((count) => count + 1);
          }}
        />
      )}
      {!setting && !loadError && <p className="muted">{de.actions.loading}</p>}
      {setting && (
        <>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={setting.enabled}
              disabled={submit.busy || (!hasEmail && !setting.enabled)}
              onChange={(event) => change(event.target.checked)}
            />
            {m.digestToggle}
          </label>
          <p className="muted">{hasEmail ? m.digestHint(setting.hour) : m.digestNoEmail}</p>
        </>
      )}
      <ActionOutcome notice={notice} error={submit.error} />
    </section>
  );
}
