import { de } from '@werkboard/common';
import { Dialog } from '../../components/Dialog';
import { formatDateTime } from '../../utils/format';
import { useOpenProject } from '../../entities/project/useOpenProject';

const t = de.projectPanels.changeLog;

/** 'Änderungsprotokoll' (owner, Admin, Firmenleiter): 'username action' with its time, newest first. */
export function ChangeLogDialog({ onClose }: { onClose: () => void }) {
  const { document } = useOpenProject();
  const entries = [...document.changeLog].sort((a, b) =>
    a.timestamp < b.timestamp ? 1 : a.timestamp > b.timestamp ? -1 : 0,
  );
  return (
    <Dialog title={t.title} onClose={onClose} wide>
      {entries.length === 0 ? (
        <p className="muted">{t.empty}</p>
      ) : (
        <ol className="change-log" aria-label={t.listLabel}>
          {entries.map((entry) => (
            <li key={entry.id} className="change-log__entry">
              <p className="change-log__text">
                <strong className="change-log__user">{entry.username}</strong> {entry.action}
              </p>
              <time className="change-log__time muted" dateTime={entry.timestamp}>
                {formatDateTime(entry.timestamp)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </Dialog>
  );
}
