import { formatRelativeTime } from '@werkboard/common';
import { formatDateTime } from '../utils/format';

interface RelativeTimeProps {
  iso: string;
  now: number;
  /** Wraps the relative text, e.g. 'Geändert vor 5 Minuten'. */
  label: (relative: string) => string;
}

/** A relative German time with the exact date and time as its tooltip; nothing for an unreadable time. */
export function RelativeTime({ iso, now, label }: RelativeTimeProps) {
  const relative = formatRelativeTime(iso, now);
  if (relative === null) return null;
  return (
    <time className="muted" dateTime={iso} title={formatDateTime(iso) ?? undefined}>
      {label(relative)}
    </time>
  );
}
