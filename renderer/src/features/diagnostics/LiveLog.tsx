import { deStart } from '@werkboard/common';
import { useAppSelector } from '../../store/hooks';

const timeFormat = new Intl.DateTimeFormat('de-DE', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** Client-side lines of the status polling and the API requests, newest last. */
export function LiveLog() {
  const lines = useAppSelector((state) => state.liveLog.lines);
  if (lines.length === 0) return <p className="muted">{deStart.diagnostics.emptyLog}</p>;
  return (
    <ol className="log" aria-live="polite">
      {lines.map((line) => (
        <li key={line.id}>
          <time dateTime={line.at}>{timeFormat.format(new Date(line.at))}</time> {line.text}
        </li>
      ))}
    </ol>
  );
}
