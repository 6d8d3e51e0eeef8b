import { type LicenseType, limitFor, LIMIT_KINDS, type LimitKind, type StatsCounts } from '@werkboard/common';

/** The license bars: each limited kind's count, and the Free limits (none with a Lifetime license). */
export function presentStatsCounts(licenseType: LicenseType, counts: Record<LimitKind, number>): StatsCounts {
  return {
    activeProjectCount: counts.activeProjects,
    templateCount: counts.templates,
    userCount: counts.users,
    externalUserCount: counts.externalUsers,
    licenseType,
    limits:
      licenseType === 'Lifetime'
        ? null
        : (Object.fromEntries(LIMIT_KINDS.map((kind) => [kind, limitFor(licenseType, kind)])) as Record<
            LimitKind,
            number
          >),
  };
}
