import {
  canManageLicense,
  de,
  DEVICE_ID_HEADER,
  type LicenseActivationResponse,
  licenseActivationSchema,
} from '@werkboard/common';
import { authorize, invalidField } from '../errors';
import type { ApiRoutes } from '../http/endpoint';
import { activateLicense } from '../services/license';

/** POST /api/license/activate: a license key verified offline and stored (Admin only). */
export function registerLicenseRoutes(api: ApiRoutes): void {
  api.post('/license/activate', {
    body: licenseActivationSchema,
    authorize: ({ actor }) => authorize(canManageLicense(actor), de.license.adminOnly),
    handle: async ({ ctx, body, actor, services }): Promise<LicenseActivationResponse> => {
      const deviceId = body.deviceId || ctx.get(DEVICE_ID_HEADER).trim();
      if (!deviceId || deviceId.length > 200) throw invalidField('deviceId', de.license.deviceIdRequired);
      const license = await activateLicense({ ...body, deviceId }, services.licensePublicKey);
      services.logger.info({ userId: actor.id, type: license.type, forced: body.force }, 'license activated');
      return { message: de.license.activated, licenseType: license.type };
    },
  });
}
