import { canManageProjectGroups, de, type MessageResponse, projectGroupSchema } from '@werkboard/common';
import { authorize, notFound } from '../errors';
import type { ApiRoutes, Params } from '../http/endpoint';
import { idParam } from '../http/params';
import {
  deleteProjectGroup,
  listProjectGroups,
  requireGroupsLicensed,
  saveProjectGroup,
} from '../services/projectGroups';

const groups = de.organisation.groups;
const groupId = (params: Params) => idParam(params.id, groups.notFound);

/**
 * Project groups (spec sections 2, 3 and 7): everyone reads them (the dashboard groups by
 * them); creating, changing and deleting needs can_manage_project_groups and a license other
 * than Free. PUT creates under the client's id, so a retried PUT is harmless.
 */
export function registerProjectGroupRoutes(api: ApiRoutes): void {
  api.get('/project-groups', {
    handle: ({ sequelize }) => listProjectGroups(sequelize),
  });

  api.put('/project-groups/:id', {
    body: projectGroupSchema,
    authorize: ({ actor }) => authorize(canManageProjectGroups(actor), groups.forbidden),
    transaction: true,
    handle: async ({ sequelize, transaction, params, body }) => {
      const id = groupId(params);
      await requireGroupsLicensed(transaction);
      return saveProjectGroup(sequelize, transaction, id, body);
    },
  });

  api.delete('/project-groups/:id', {
    authorize: ({ actor }) => authorize(canManageProjectGroups(actor), groups.forbidden),
    transaction: true,
    handle: async ({ sequelize, transaction, params }): Promise<MessageResponse> => {
      const id = groupId(params);
      await requireGroupsLicensed(transaction);
      if (!(await deleteProjectGroup(sequelize, transaction, id))) throw notFound(groups.notFound);
      return { message: groups.deleted };
    },
  });
}
