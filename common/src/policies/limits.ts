import { FREE_LIMITS, type LimitKind } from '../domain/constants';
import type { LicenseType } from '../dto/admin';

/** The most entries of a kind the license allows; null means no limit (Lifetime). */
export function limitFor(licenseType: LicenseType, kind: LimitKind): number | null {
  return licenseType === 'Lifetime' ? null : FREE_LIMITS[kind];
}

/** True when no further entry may be created: at or over the limit (a usage bar turns red). */
export function isLimitReached(licenseType: LicenseType, kind: LimitKind, count: number): boolean {
  const limit = limitFor(licenseType, kind);
  return limit !== null && count >= limit;
}
