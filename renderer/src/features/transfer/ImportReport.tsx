import type { ImportResult } from '@werkboard/common';
import { de } from '@werkboard/common';

const t = de.transfer.screen;

/** What the server wrote (counts per kind) and what it adapted to make the file fit. */
export function ImportReport({ result }: { result: ImportResult }) {
  const counts = Object.entries(result.imported).filter(
    (entry): entry is [keyof typeof t.importedCounts, number] => typeof entry[1] === 'number',
  );
  return (
    <div className="message message--success transfer__report" role="status">
      <p>{t.done}</p>
      {counts.length > 0 && (
        <>
          <p>{t.importedTitle}</p>
          <ul>
            {counts.map(([key, count]) => (
              <li key={key}>
                {t.importedCounts[key]}: {count}
              </li>
            ))}
          </ul>
        </>
      )}
      {result.changes.length > 0 && (
        <>
          <p>{t.changesTitle}</p>
          <ul>
            {result.changes.map((change) => (
              <li key={change}>{change}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
