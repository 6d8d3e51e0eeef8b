import {
  canManageCustomerTypes,
  customerTypeCreateSchema,
  customerTypeRenameSchema,
  DEFAULT_CUSTOMER_TYPE,
  de,
  type MessageResponse,
  tagCreateSchema,
  tagUpdateSchema,
  validate,
} from '@werkboard/common';
import { QueryTypes } from 'sequelize';
import { authorize, notFound, validOrThrow } from '../errors';
import { requireDatabase } from '../middleware/requireDatabase';
import {
  createCustomerType,
  createTag,
  deleteCustomerType,
  deleteTag,
  listTags,
  renameCustomerType,
  updateTag,
} from '../services/customerTypes';
import type { AppRouter, AppRouterContext } from '../appTypes';
import { actorOf, idParam } from './context';

const types = de.organisation.customerTypes;

function mayManage(ctx: AppRouterContext): void {
  authorize(canManageCustomerTypes(actorOf(ctx)), types.forbidden);
}

/** The type's name from the path (URL-decoded by the router). */
function typeName(ctx: AppRouterContext): string {
  const name = (ctx.params.name ?? '').trim();
  if (!name || name.length > 100) throw notFound(types.notFound);
  return name;
}

/**
 * Customer types and tags (spec sections 3, 5 and 7). Everyone reads them (every board shows
 * tags); creating, renaming and deleting needs can_manage_customer_types.
 */
export function registerTagRoutes(router: AppRouter): void {
  router.get('/customer-types', async (ctx) => {
    const rows = await requireDatabase(ctx).sequelize.query<{ name: string }>(
      'SELECT name FROM customer_types ORDER BY lower(name) = lower(:general) DESC, lower(name)',
      { type: QueryTypes.SELECT, replacements: { general: DEFAULT_CUSTOMER_TYPE } },
    );
    ctx.body = rows.map((row) => row.name);
  });

  router.post('/customer-types', async (ctx) => {
    mayManage(ctx);
    const request = validOrThrow(validate(customerTypeCreateSchema, ctx.request.body));
    ctx.status = 201;
    ctx.body = { name: await createCustomerType(requireDatabase(ctx).sequelize, request) };
  });

  router.put('/customer-types/:name', async (ctx) => {
    mayManage(ctx);
    const name = typeName(ctx);
    const { name: newName } = validOrThrow(validate(customerTypeRenameSchema, ctx.request.body));
    ctx.body = { name: await renameCustomerType(requireDatabase(ctx).sequelize, name, newName) };
  });

  router.delete('/customer-types/:name', async (ctx) => {
    mayManage(ctx);
    await deleteCustomerType(requireDatabase(ctx).sequelize, typeName(ctx));
    const body: MessageResponse = { message: types.deleted };
    ctx.body = body;
  });

  router.get('/tags', async (ctx) => {
    ctx.body = await listTags(requireDatabase(ctx).sequelize);
  });

  router.post('/tags', async (ctx) => {
    mayManage(ctx);
    const request = validOrThrow(validate(tagCreateSchema, ctx.request.body));
    ctx.status = 201;
    ctx.body = await createTag(requireDatabase(ctx).sequelize, request);
  });

  router.put('/tags/:id', async (ctx) => {
    mayManage(ctx);
    const id = idParam(ctx.params.id, de.organisation.tags.notFound);
    const patch = validOrThrow(validate(tagUpdateSchema, ctx.request.body));
    ctx.body = await updateTag(requireDatabase(ctx).sequelize, id, patch);
  });

  router.delete('/tags/:id', async (ctx) => {
    mayManage(ctx);
    const id = idParam(ctx.params.id, de.organisation.tags.notFound);
    if (!(await deleteTag(requireDatabase(ctx).sequelize, id))) throw notFound(de.organisation.tags.notFound);
    const body: MessageResponse = { message: de.organisation.tags.deleted };
    ctx.body = body;
  });
}
