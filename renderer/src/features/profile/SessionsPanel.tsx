import { useState } from 'react';
import { de, type SessionDto } from '@werkboard/common';
import { endOtherSessions, endSession, useSessionsQuery } from '../../api/endpoints/session';
import { serverMessageOr } from '../../api/errors';
import { useSubmit } from '../../components/useSubmit';
import { useAppDispatch } from '../../store/hooks';
import { formatDateTime } from '../../utils/format';
import { LoadFailed } from '../../components/LoadFailed';
import { ActionOutcome } from '../../components/FormFeedback';

const s = de.sessions;

/**
 * 'Angemeldete Geräte': the user's sessions (device, last seen; this device marked), with
 * 'Abmelden' per other device and 'Alle anderen abmelden' (issue 13, finding 5). This device
 * logs out with the navigation's 'Abmelden', which also clears its local data.
 */
export function SessionsPanel() {
  const dispatch = useAppDispatch();
  const list = useSessionsQuery();
  const submit = useSubmit();
  // This device first, the others as the server sorts them (most recently active first).
  const sessions = [...(list.data ?? [])].sort((a, b) => Number(b.current) - Number(a.current));
  const others = sessions.filter((session) => !session.current);
  const [notice, setNotice] = useState<string | null>(null);

  const end = (action: () => Promise<{ message: string }>) => {
    setNotice(null);
    void submit.run(
      async () => setNotice((await action()).message),
      (caught) => serverMessageOr(caught, s.endFailed),
    );
  };

  return (
    <section className="panel" aria-labelledby="sessions-title">
      <h2 id="sessions-title" className="panel__title">
        {s.title}
      </h2>
      <p className="muted">{s.intro}</p>
      {list.isError && (
        <LoadFailed message={serverMessageOr(list.error, s.loadFailed)} onRetry={() => void list.refetch()} />
      )}
      {list.isLoading && <p className="muted">{de.actions.loading}</p>}
      {sessions.length > 0 && (
        <ul className="session-list" aria-label={s.title}>
          {sessions.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              busy={submit.busy}
              onEnd={() => end(() => dispatch(endSession(session.id)))}
            />
          ))}
        </ul>
      )}
      {list.isSuccess && others.length === 0 && <p className="muted">{s.noOthers}</p>}
      <ActionOutcome notice={notice} error={submit.error} />
      {others.length > 0 && (
        <div className="form__actions">
          <button
            type="button"
            className="button button--danger-outline"
            disabled={submit.busy}
            onClick={() => end(() => dispatch(endOtherSessions()))}
          >
            {submit.busy ? s.ending : s.endOthers}
          </button>
        </div>
      )}
    </section>
  );
}

function SessionRow({ session, busy, onEnd }: { session: SessionDto; busy: boolean; onEnd: () => void }) {
  return (
    <li className="session-list__item" aria-label={session.device}>
      <div className="session-list__text">
        <span className="session-list__device">
          {session.device}
          {session.current && <span className="session-list__current"> · {s.thisDevice}</span>}
        </span>
        <span className="muted">{s.lastSeen(formatDateTime(session.lastSeenAt) ?? '–')}</span>
        <span className="muted">
          {s.signedInAt(formatDateTime(session.createdAt) ?? '–')}
          {session.ip && ` · ${s.ipAddress(session.ip)}`}
        </span>
      </div>
      {!session.current && (
        <button
          type="button"
          className="button button--secondary button--small"
          aria-label={s.endOneLabel(session.device)}
          disabled={busy}
          onClick={onEnd}
        >
          {s.endOne}
        </button>
      )}
    </li>
  );
}
