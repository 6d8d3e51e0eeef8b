import type { ServerStatus } from '@werkboard/common';
import { deStart } from '@werkboard/common';

type StatusField = Exclude<keyof ServerStatus, 'message'>;

const FIELDS: readonly StatusField[] = [
  'startCommandSent',
  'backendStarted',
  'databaseReachable',
  'databaseInitialized',
];

/** The four server status fields with German labels; "Unbekannt" until the first answer. */
export function StatusList({ status }: { status: ServerStatus | null }) {
  return (
    <dl className="status-list">
      {FIELDS.map((field) => {
        const value = status?.[field];
        const state = value === undefined ? 'unknown' : value ? 'yes' : 'no';
        return (
          <div key={field} className="status-list__row">
            <dt>{deStart.diagnostics[field]}</dt>
            <dd className={`status-badge status-badge--${state}`}>
              {value === undefined
                ? deStart.diagnostics.unknown
                : value
                  ? deStart.diagnostics.yes
                  : deStart.diagnostics.no}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
