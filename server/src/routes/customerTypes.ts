import {
  canManageCustomerTypes,
  customerTypeCreateSchema,
  customerTypeRenameSchema,
  de,
  type MessageResponse,
  textProblem,
} from '@werkboard/common';
import { authorize, notFound } from '../errors';
import type { ApiRoutes, Params } from '../http/endpoint';
import {
  createCustomerType,
  deleteCustomerType,
  listCustomerTypes,
  renameCustomerType,
} from '../services/customerTypes';

const types = de.organisation.customerTypes;

/** The type's name from the path (URL-decoded by the router); 404 for what cannot be a name. */
function typeName({ params }: { params: Params }): Promise<string> {
  const name = (params.name ?? '').trim();
  if (!name || name.length > 100 || textProblem(name, 'name') !== null) throw notFound(types.notFound);
  return Promise.resolve(name);
}

/**
 * Customer types (spec sections 3, 5 and 7). Everyone reads them; creating, renaming and
 * deleting needs can_manage_customer_types. A type is named by its spelling in the path.
 */
export function registerCustomerTypeRoutes(api: ApiRoutes): void {
  api.get('/customer-types', {
    handle: ({ sequelize }) => listCustomerTypes(sequelize),
  });

  api.post('/customer-types', {
    body: customerTypeCreateSchema,
    authorize: ({ actor }) => authorize(canManageCustomerTypes(actor), types.forbidden),
    transaction: true,
    handle: async ({ sequelize, transaction, body }) => ({
      name: await createCustomerType(sequelize, transaction, body),
    }),
    status: 201,
  });

  api.put('/customer-types/:name', {
    body: customerTypeRenameSchema,
    load: typeName,
    authorize: ({ actor }) => authorize(canManageCustomerTypes(actor), types.forbidden),
    transaction: true,
    handle: async ({ sequelize, transaction, resource: name, body }) => ({
      name: await renameCustomerType(sequelize, transaction, name, body.name),
    }),
  });

  api.delete('/customer-types/:name', {
    load: typeName,
    authorize: ({ actor }) => authorize(canManageCustomerTypes(actor), types.forbidden),
    transaction: true,
    handle: async ({ sequelize, transaction, resource: name }): Promise<MessageResponse> => {
      await deleteCustomerType(sequelize, transaction, name);
      return { message: types.deleted };
    },
  });
}
