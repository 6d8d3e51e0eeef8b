import type { LimitKind } from '@werkboard/common';
import { de, isLimitReached } from '@werkboard/common';
import { useStatsCountsQuery } from '../../api/endpoints/license';
import { usedOf } from './LicenseUsage';

/**
 * Why a create button cannot be used: the Free license's limit of `kind` is reached (issue 19:
 * say so before the form is filled, not after). Null while the counts load or below the limit;
 * the server refuses over the limit either way.
 */
export function useLimitReason(kind: LimitKind): string | null {
  const { data: counts } = useStatsCountsQuery();
  if (!counts) return null;
  const used = usedOf(counts, kind);
  const max = counts.limits?.[kind] ?? null;
  if (max === null || !isLimitReached(counts.licenseType, kind, used)) return null;
  return de.limits.reached(de.limits[kind], used, max);
}
