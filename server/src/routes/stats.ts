import type { ApiRoutes } from '../http/endpoint';
import { presentStatsCounts } from '../presenters/stats';
import { currentLicenseType } from '../services/license';
import { countOf } from '../services/limits';

/** GET /api/stats/counts: the counts and Free limits behind the license bars (any signed-in user). */
export function registerStatsRoutes(api: ApiRoutes): void {
  api.get('/stats/counts', {
    handle: async ({ sequelize }) => {
      const [licenseType, activeProjects, templates, users, externalUsers] = await Promise.all([
        currentLicenseType(),
        countOf(sequelize, 'activeProjects'),
        countOf(sequelize, 'templates'),
        countOf(sequelize, 'users'),
        countOf(sequelize, 'externalUsers'),
      ]);
      return { licenseType, counts: { activeProjects, templates, users, externalUsers } };
    },
    present: ({ licenseType, counts }) => presentStatsCounts(licenseType, counts),
  });
}
