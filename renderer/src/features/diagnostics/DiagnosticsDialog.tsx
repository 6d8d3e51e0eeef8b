import { useId, useState } from 'react';
import { de } from '@werkboard/common';
import { Dialog } from '../../components/Dialog';
import type { TabItem } from '../../components/Tabs';
import { Tabs } from '../../components/Tabs';
import { useAppSelector } from '../../store/hooks';
import { LiveLog } from './LiveLog';
import { ServerLog } from './ServerLog';
import { StatusList } from './StatusList';

type TabId = 'live' | 'server';

/** 'Verbindungsdiagnose': server status, the client's live log and (for Admins) the server log. */
export function DiagnosticsDialog({ onClose }: { onClose: () => void }) {
  const { status, error } = useAppSelector((state) => state.serverStatus);
  // Logged out on the login page: the last user of this browser decides, as the spec's "Admin only".
  const isAdmin = useAppSelector((state) => (state.auth.user ?? state.auth.lastUser)?.role === 'Admin');
  const [tab, setTab] = useState<TabId>('live');
  const statusTitleId = useId();
  const tabs: TabItem<TabId>[] = [{ id: 'live', label: de.diagnostics.liveLogTab }];
  if (isAdmin) tabs.push({ id: 'server', label: de.diagnostics.serverLogTab });

  return (
    <Dialog title={de.diagnostics.title} onClose={onClose} wide>
      <section aria-labelledby={statusTitleId}>
        <h3 id={statusTitleId} className="section-title">
          {de.diagnostics.statusTitle}
        </h3>
        <StatusList status={status} />
        {status?.message && <p className="muted">{de.diagnostics.serverMessage(status.message)}</p>}
        {error && <p className="message message--error">{error}</p>}
      </section>
      <Tabs<TabId> tabs={tabs} selected={isAdmin ? tab : 'live'} onSelect={setTab}>
        {isAdmin && tab === 'server' ? <ServerLog /> : <LiveLog />}
      </Tabs>
    </Dialog>
  );
}
