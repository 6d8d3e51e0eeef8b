import { DEFAULT_CUSTOMER_TYPE, type TagDto, tagColor } from '@werkboard/common';
import { QueryTypes } from 'sequelize';
import { requireDatabase } from '../middleware/requireDatabase';
import type { AppRouter } from '../appTypes';

/**
 * Reading customer types and tags, which every board needs for its chips and choices.
 * Creating, renaming and deleting them is the organisation issue's.
 */
export function registerTagRoutes(router: AppRouter): void {
  router.get('/customer-types', async (ctx) => {
    const rows = await requireDatabase(ctx).sequelize.query<{ name: string }>(
      'SELECT name FROM customer_types ORDER BY lower(name) = lower(:general) DESC, lower(name)',
      { type: QueryTypes.SELECT, replacements: { general: DEFAULT_CUSTOMER_TYPE } },
    );
    ctx.body = rows.map((row) => row.name);
  });

  router.get('/tags', async (ctx) => {
    const rows = await requireDatabase(ctx).sequelize.query<TagDto>(
      `SELECT t.id, c.name AS "customerType", t.label, t.color, t.priority
         FROM tags t JOIN customer_types c ON c.id = t.customer_type_id
        ORDER BY lower(c.name), t.priority DESC, lower(t.label)`,
      { type: QueryTypes.SELECT },
    );
    ctx.body = rows.map((row) => ({ ...row, color: tagColor(row.color) }));
  });
}
