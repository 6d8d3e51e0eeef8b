import type { LicenseType } from '@werkboard/common';
import { ServerSetting } from '../models';

interface StoredLicense {
  type: LicenseType;
}

/** The company's license: Free until a license key has been activated. */
export async function currentLicenseType(): Promise<LicenseType> {
  const row = await ServerSetting.findByPk('license');
  const stored = row?.value as StoredLicense | undefined;
  return stored?.type === 'Lifetime' ? 'Lifetime' : 'Free';
}
