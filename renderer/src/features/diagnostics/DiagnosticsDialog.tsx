import { useId, useState } from 'react';
import { deStart } from '@werkboard/common';
import { Dialog } from '../../components/Dialog';
import type { TabItem } from '../../components/Tabs';
import { Tabs } from '../../components/Tabs';
import { useAppSelector } from '../../store/hooks';
import { LiveLog } from './LiveLog';
import { ServerLog } from './ServerLog';
import { ServerLogSignIn } from './ServerLogSignIn';
import { StatusList } from './StatusList';

type TabId = 'live' | 'server';

/**
 * 'Verbindungsdiagnose': server status, the client's live log and the server log: for a
 * signed-in Admin with the session, on the login page for whoever signs in as an Admin there
 * (issue 19: the log was offered only after an Admin had logged out, and then always failed).
 */
export function DiagnosticsDialog({ onClose }: { onClose: () => void }) {
  const { status, error } = useAppSelector((state) => state.serverStatus);
  const signedIn = useAppSelector((state) => state.auth.token !== null);
  const isAdmin = useAppSelector((state) => state.auth.user?.role === 'Admin');
  const showsServerLog = signedIn ? isAdmin : true;
  const [tab, setTab] = useState<TabId>('live');
  const statusTitleId = useId();
  const tabs: TabItem<TabId>[] = [{ id: 'live', label: deStart.diagnostics.liveLogTab }];
  if (showsServerLog) tabs.push({ id: 'server', label: deStart.diagnostics.serverLogTab });

  return (
    <Dialog title={deStart.diagnostics.title} onClose={onClose} wide>
      <section aria-labelledby={statusTitleId}>
        <h3 id={statusTitleId} className="section-title">
          {deStart.diagnostics.statusTitle}
        </h3>
        <StatusList status={status} />
        {status?.message && <p className="muted">{deStart.diagnostics.serverMessage(status.message)}</p>}
        {error && <p className="message message--error">{error}</p>}
      </section>
      <Tabs<TabId> tabs={tabs} selected={showsServerLog ? tab : 'live'} onSelect={setTab}>
        {!showsServerLog || tab === 'live' ? <LiveLog /> : signedIn ? <ServerLog /> : <ServerLogSignIn />}
      </Tabs>
    </Dialog>
  );
}
