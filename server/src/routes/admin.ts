import { canViewAdminOverview, de } from '@werkboard/common';
import { authorize } from '../errors';
import type { ApiRoutes } from '../http/endpoint';
import { presentProjectSummary, presentTemplateSummary } from '../presenters/project';
import { listProjects, listTemplates } from '../services/projects';

/** The admin overview (spec section 2): every project by owner and every template with its owner. */
export function registerAdminRoutes(api: ApiRoutes): void {
  api.get('/admin/projects', {
    authorize: ({ actor }) => authorize(canViewAdminOverview(actor), de.team.admin.forbidden),
    handle: ({ sequelize, actor }) => listProjects(sequelize, actor, true),
    present: (rows) => rows.map(presentProjectSummary),
  });

  api.get('/admin/templates', {
    authorize: ({ actor }) => authorize(canViewAdminOverview(actor), de.team.admin.forbidden),
    handle: ({ sequelize, actor }) => listTemplates(sequelize, actor, 'active', 'everyone'),
    present: (rows) => rows.map(presentTemplateSummary),
  });
}
