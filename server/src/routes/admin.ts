import {
  canManageLicense,
  canViewAdminOverview,
  canViewSystemInfo,
  de,
  DEVICE_ID_HEADER,
  type LicenseActivationResponse,
  licenseActivationSchema,
  limitFor,
  LIMIT_KINDS,
  type LimitKind,
  type StatsCounts,
  validate,
} from '@werkboard/common';
import { ApiError, authorize, validOrThrow } from '../errors';
import { requireDatabase } from '../middleware/requireDatabase';
import { activateLicense, currentLicenseType } from '../services/license';
import { countOf } from '../services/limits';
import { listProjects, listTemplates } from '../services/projects';
import { collectSystemInfo } from '../services/systemInfo';
import type { AppRouter } from '../appTypes';
import { actorOf } from './context';

/**
 * Counts and limits for the license bars (any signed-in user), the admin overview's system
 * information (Admin and Firmenleiter with can_view_admin_dashboard) and license activation
 * (Admin only).
 */
export function registerAdminRoutes(router: AppRouter): void {
  router.get('/stats/counts', async (ctx) => {
    const licenseType = await currentLicenseType();
    const [activeProjectCount, templateCount, userCount, externalUserCount] = await Promise.all([
      countOf('activeProjects'),
      countOf('templates'),
      countOf('users'),
      countOf('externalUsers'),
    ]);
    const body: StatsCounts = {
      activeProjectCount,
      templateCount,
      userCount,
      externalUserCount,
      licenseType,
      limits:
        licenseType === 'Lifetime'
          ? null
          : (Object.fromEntries(LIMIT_KINDS.map((kind) => [kind, limitFor(licenseType, kind)])) as Record<
              LimitKind,
              number
            >),
    };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  });

  // The admin overview (spec section 2): every project by owner and every template with its owner.
  router.get('/admin/projects', async (ctx) => {
    const actor = actorOf(ctx);
    authorize(canViewAdminOverview(actor), de.team.admin.forbidden);
    ctx.body = await listProjects(requireDatabase(ctx).sequelize, actor, true);
  });

  router.get('/admin/templates', async (ctx) => {
    const actor = actorOf(ctx);
    authorize(canViewAdminOverview(actor), de.team.admin.forbidden);
    ctx.body = await listTemplates(requireDatabase(ctx).sequelize, actor, 'active', 'everyone');
  });

  router.get('/system-info', async (ctx) => {
    authorize(canViewSystemInfo(actorOf(ctx)), de.systemInfo.forbidden);
    const { sequelize } = requireDatabase(ctx);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await collectSystemInfo(ctx.services.version, ctx.services.config.dataDir, sequelize);
  });

  router.post('/license/activate', async (ctx) => {
    const actor = actorOf(ctx);
    authorize(canManageLicense(actor), de.license.adminOnly);
    const input = validOrThrow(validate(licenseActivationSchema, ctx.request.body));
    const deviceId = input.deviceId || ctx.get(DEVICE_ID_HEADER).trim();
    if (!deviceId || deviceId.length > 200)
      throw new ApiError(400, de.license.deviceIdRequired, 'validation', { deviceId: de.license.deviceIdRequired });
    const license = await activateLicense({ ...input, deviceId }, ctx.services.licensePublicKey);
    ctx.services.logger.info({ userId: actor.id, type: license.type, forced: input.force }, 'license activated');
    const body: LicenseActivationResponse = { message: de.license.activated, licenseType: license.type };
    ctx.body = body;
  });
}
