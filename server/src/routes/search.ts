import { parseSearchQuery } from '@werkboard/common';
import { ApiError } from '../errors';
import { requireDatabase } from '../middleware/requireDatabase';
import { dashboardAppointments, search } from '../services/search';
import type { AppRouter } from '../appTypes';
import { actorOf } from './context';

/** Finding work across projects: /search (spec section 2) and the dashboard's appointments. */
export function registerSearchRoutes(router: AppRouter): void {
  router.get('/search', async (ctx) => {
    const parsed = parseSearchQuery(ctx.query.q, ctx.query.tag);
    if (!parsed.ok) throw new ApiError(400, parsed.message, 'validation');
    ctx.body = await search(requireDatabase(ctx).sequelize, actorOf(ctx), parsed.value);
  });

  router.get('/appointments', async (ctx) => {
    ctx.body = await dashboardAppointments(requireDatabase(ctx).sequelize, actorOf(ctx));
  });
}
