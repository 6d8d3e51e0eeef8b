import { canManageCustomerTypes, de, type MessageResponse, tagCreateSchema, tagUpdateSchema } from '@werkboard/common';
import { authorize } from '../errors';
import type { ApiRoutes, UserRequest } from '../http/endpoint';
import { idParam } from '../http/params';
import { presentTag } from '../presenters/tag';
import { createTag, deleteTag, findTag, listTags, updateTag } from '../services/customerTypes';

const tags = de.organisation.tags;
const loadTag = ({ sequelize, params, transaction }: UserRequest<unknown, unknown, undefined>) =>
  findTag(sequelize, idParam(params.id, tags.notFound), transaction);
const mayManage = ({ actor }: Pick<UserRequest<unknown, unknown, unknown>, 'actor'>) =>
  authorize(canManageCustomerTypes(actor), de.organisation.customerTypes.forbidden);

/**
 * Tags of the customer types (spec sections 3, 5 and 7). Everyone reads them (every board
 * shows tags); creating, changing and deleting needs can_manage_customer_types.
 */
export function registerTagRoutes(api: ApiRoutes): void {
  api.get('/tags', {
    handle: ({ sequelize }) => listTags(sequelize),
    present: (rows) => rows.map(presentTag),
  });

  api.post('/tags', {
    body: tagCreateSchema,
    authorize: mayManage,
    transaction: true,
    handle: ({ sequelize, transaction, body }) => createTag(sequelize, transaction, body),
    status: 201,
    present: presentTag,
  });

  api.put('/tags/:id', {
    body: tagUpdateSchema,
    transaction: true,
    load: loadTag,
    authorize: mayManage,
    handle: ({ sequelize, transaction, resource, body }) => updateTag(sequelize, transaction, resource, body),
    present: presentTag,
  });

  api.delete('/tags/:id', {
    load: loadTag,
    authorize: mayManage,
    handle: async ({ sequelize, resource }): Promise<MessageResponse> => {
      await deleteTag(sequelize, resource.id);
      return { message: tags.deleted };
    },
  });
}
