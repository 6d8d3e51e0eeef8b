import type { KeyObject } from 'node:crypto';
import { de, type LicenseType } from '@werkboard/common';
import type { Transaction } from 'sequelize';
import { ApiError } from '../errors';
import { licenseKeyHash, verifyLicenseKey } from '../license/licenseKey';
import { ServerSetting } from '../models';

/** What server_settings 'license' holds after an activation; the key itself only as a hash. */
export interface StoredLicense {
  type: LicenseType;
  email: string;
  deviceId: string;
  activatedAt: string;
  keyHash: string;
}

const LICENSE_KEY = 'license';

function isStoredLicense(value: unknown): value is StoredLicense {
  if (typeof value !== 'object' || value === null) return false;
  const { type, keyHash, deviceId } = value as Record<string, unknown>;
  return type === 'Lifetime' && typeof keyHash === 'string' && typeof deviceId === 'string';
}

async function currentLicense(transaction?: Transaction): Promise<StoredLicense | null> {
  const row = await ServerSetting.findByPk(LICENSE_KEY, { transaction });
  return isStoredLicense(row?.value) ? row.value : null;
}

/** The company's license: Free until a license key has been activated. */
export async function currentLicenseType(transaction?: Transaction): Promise<LicenseType> {
  return (await currentLicense(transaction))?.type ?? 'Free';
}

export interface ActivationInput {
  email: string;
  licenseKey: string;
  deviceId: string;
  force: boolean;
}

/**
 * Verifies the key offline (signature, then that it was issued to this e-mail) and stores
 * the activation. The same key already activated from another device answers 409 unless
 * the activation is forced, which moves it to this device.
 */
export async function activateLicense(input: ActivationInput, publicKey: KeyObject): Promise<StoredLicense> {
  const check = verifyLicenseKey(input.licenseKey, publicKey);
  if (!check.ok)
    throw new ApiError(400, de.license.invalidKey, 'license_invalid', { licenseKey: de.license.invalidKey });
  if (check.payload.email.trim().toLowerCase() !== input.email.trim().toLowerCase())
    throw new ApiError(400, de.license.emailMismatch, 'license_email_mismatch', { email: de.license.emailMismatch });

  const keyHash = licenseKeyHash(input.licenseKey);
  const stored = await currentLicense();
  if (stored && stored.keyHash === keyHash && stored.deviceId !== input.deviceId && !input.force)
    throw new ApiError(409, de.license.inUse, 'license_in_use');

  const license: StoredLicense = {
    type: check.payload.type,
    email: check.payload.email,
    deviceId: input.deviceId,
    activatedAt: new Date().toISOString(),
    keyHash,
  };
  await ServerSetting.upsert({ key: LICENSE_KEY, value: license });
  return license;
}
