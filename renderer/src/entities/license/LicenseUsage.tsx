import type { LimitKind, StatsCounts } from '@werkboard/common';
import { de, isLimitReached } from '@werkboard/common';

const USAGE_ORDER: readonly LimitKind[] = ['users', 'externalUsers', 'templates', 'activeProjects'];

export function usedOf(counts: StatsCounts, kind: LimitKind): number {
  switch (kind) {
    case 'users':
      return counts.userCount;
    case 'externalUsers':
      return counts.externalUserCount;
    case 'templates':
      return counts.templateCount;
    case 'activeProjects':
      return counts.activeProjectCount;
  }
}

/** One bar per limited kind; red with the spec's warning at or over the Free limit. */
export function LicenseUsage({ counts }: { counts: StatsCounts }) {
  const l = de.licenseScreen;
  return (
    <ul className="usage-list" aria-label={l.usageTitle}>
      {USAGE_ORDER.map((kind) => {
        const used = usedOf(counts, kind);
        const max = counts.limits?.[kind] ?? null;
        const reached = max !== null && isLimitReached(counts.licenseType, kind, used);
        const label = l.usage[kind];
        return (
          <li key={kind} className={reached ? 'usage usage--over' : 'usage'}>
            <div className="usage__head">
              <span className="usage__label">{label}</span>
              <span className="usage__value">{max === null ? l.unlimited(used) : l.usageOf(used, max)}</span>
            </div>
            {max !== null && (
              <div
                className="usage__bar"
                role="meter"
                aria-label={label}
                aria-valuemin={0}
                aria-valuemax={max}
                aria-valuenow={Math.min(used, max)}
                aria-valuetext={l.usageOf(used, max)}
              >
                <span className="usage__fill" style={{ width: `${Math.min(100, (used / Math.max(max, 1)) * 100)}%` }} />
              </div>
            )}
            {reached && <p className="usage__warning">{de.license.limitExceeded}</p>}
          </li>
        );
      })}
    </ul>
  );
}
