import {
  de,
  DEFAULT_COLUMN_TITLES,
  DEFAULT_TEMPLATE_ICON,
  keysAfter,
  newId,
  type ProjectDocument,
  type TemplateSummaryDto,
} from '@werkboard/common';
import { QueryTypes } from 'sequelize';
import { User } from '../models';
import { signedIn } from '../test/factories';
import { TEST_ADMIN, testServer, type TestServer, type ErrorBody, type ApiArgs } from '../test/testServer';

let t: TestServer;
let adminToken: string;

beforeAll(async () => {
  t = await testServer();
  adminToken = (await t.login(TEST_ADMIN.username, TEST_ADMIN.password)).token;
});
afterAll(() => t.close());
// Every test starts with the seeded global template only.
beforeEach(async () => {
  await User.sequelize!.query(`DELETE FROM projects WHERE NOT is_template OR name <> :seeded OR owner_id IS NOT NULL`, {
    replacements: { seeded: de.projects.defaultTemplateName },
  });
});

const api = <T = ErrorBody>(...args: ApiArgs) => t.api<T>(...args);

/**
 * A template written with SQL (editing templates is another issue's): a row of `projects`
 * with `is_template`, optionally with columns and cards.
 */
async function template(
  options: {
    name?: string;
    ownerId?: string | null;
    status?: 'active' | 'archived';
    columns?: { title: string; cards?: string[] }[];
  } = {},
): Promise<string> {
  const id = newId();
  const sequelize = User.sequelize!;
  await sequelize.query(
    `INSERT INTO projects (id, is_template, name, icon, customer_type, owner_id, status, archived_at, card_groups)
     VALUES (:id, true, :name, 'briefcase', 'Allgemein', :ownerId, :status,
             CASE WHEN :status = 'archived' THEN now() END, '["Elektro"]'::jsonb)`,
    {
      replacements: {
        id,
        name: options.name ?? `Vorlage ${id.slice(0, 8)}`,
        ownerId: options.ownerId ?? null,
        status: options.status ?? 'active',
      },
    },
  );
  const columns = options.columns ?? [];
  const positions = keysAfter(null, columns.length);
  for (const [index, column] of columns.entries()) {
    const columnId = newId();
    await sequelize.query(
      'INSERT INTO project_columns (id, project_id, position, title, rev) VALUES (:columnId, :id, :position, :title, 1)',
      { replacements: { columnId, id, position: positions[index], title: column.title } },
    );
    const cardPositions = keysAfter(null, column.cards?.length ?? 0);
    for (const [cardIndex, title] of (column.cards ?? []).entries())
      await sequelize.query(
        `INSERT INTO project_cards (id, project_id, column_id, position, title, group_name, rev)
         VALUES (:cardId, :id, :columnId, :position, :title, 'Elektro', 1)`,
        { replacements: { cardId: newId(), id, columnId, position: cardPositions[cardIndex], title } },
      );
  }
  return id;
}

const statusOf = async (id: string) =>
  (
    await User.sequelize!.query<{ status: string }>('SELECT status FROM projects WHERE id = :id', {
      replacements: { id },
      type: QueryTypes.SELECT,
    })
  )[0]?.status;

describe('GET /api/templates', () => {
  it('answers 401 without a token on every template route', async () => {
    const id = newId();
    for (const [method, path] of [
      ['GET', '/api/templates'],
      ['GET', '/api/templates/archived'],
      ['POST', `/api/templates/${id}/restore`],
      ['DELETE', `/api/templates/${id}/permanent`],
    ] as const)
      expect([method, path, (await api(method, path)).status]).toEqual([method, path, 401]);
  });

  it("lists the seeded 'Standardvorlage' with the three columns for every role", async () => {
    for (const role of ['Helfer', 'Monteur'] as const) {
      const { token } = await signedIn(t, role);
      const response = await api<TemplateSummaryDto[]>('GET', '/api/templates', token);
      expect(response.status).toBe(200);
      expect(response.body).toEqual([
        {
          id: expect.any(String) as string,
          name: 'Standardvorlage',
          description: '',
          icon: DEFAULT_TEMPLATE_ICON,
          customerType: 'Allgemein',
          ownerId: null,
          ownerUsername: null,
          columnTitles: ['To Do', 'In Bearbeitung', 'Erledigt'],
        },
      ]);
    }
    expect(DEFAULT_COLUMN_TITLES).toEqual(['To Do', 'In Bearbeitung', 'Erledigt']);
  });

  it('lists global templates first, then the caller’s own; never others’ or archived ones', async () => {
    const me = await signedIn(t, 'Projektleiter');
    const other = await signedIn(t, 'Projektleiter');
    await template({ name: 'Bad', ownerId: me.user.id, columns: [{ title: 'Planung' }, { title: 'Montage' }] });
    await template({ name: 'Anbau', ownerId: me.user.id });
    await template({ name: 'Fremd', ownerId: other.user.id });
    await template({ name: 'Alt', status: 'archived' });
    const list = (await api<TemplateSummaryDto[]>('GET', '/api/templates', me.token)).body;
    expect(list.map((entry) => [entry.name, entry.ownerUsername, entry.columnTitles])).toEqual([
      ['Standardvorlage', null, ['To Do', 'In Bearbeitung', 'Erledigt']],
      ['Anbau', me.user.username, []],
      ['Bad', me.user.username, ['Planung', 'Montage']],
    ]);
  });

  it('creates a project from a template: its columns, cards and task groups with new ids', async () => {
    const me = await signedIn(t, 'Monteur');
    const id = await template({
      name: 'Elektro-Standard',
      ownerId: me.user.id,
      columns: [{ title: 'Planung', cards: ['Aufmaß', 'Angebot'] }, { title: 'Montage' }],
    });
    const created = await api<ProjectDocument>('POST', '/api/projects', me.token, { name: 'Neubau', templateId: id });
    expect(created.status).toBe(201);
    expect(created.body.columns.map((column) => [column.title, column.cards.map((card) => card.title)])).toEqual([
      ['Planung', ['Aufmaß', 'Angebot']],
      ['Montage', []],
    ]);
    expect(created.body.cardGroups).toEqual(['Elektro']);
    expect(created.body.columns[0]!.cards[0]).toMatchObject({ group: 'Elektro', rev: 1 });
    expect(created.body.changeLog[0]!.action).toBe(de.projects.log.created('Elektro-Standard'));
    const templateIds = await User.sequelize!.query<{ id: string }>(
      'SELECT id FROM project_cards WHERE project_id = :id',
      { replacements: { id }, type: QueryTypes.SELECT },
    );
    const copiedIds = created.body.columns.flatMap((column) => column.cards.map((card) => card.id));
    expect(copiedIds.filter((cardId) => templateIds.some((row) => row.id === cardId))).toEqual([]);

    // Someone else's template and an archived one are not offered.
    const other = await signedIn(t, 'Monteur');
    const foreign = await api('POST', '/api/projects', other.token, { name: 'Neubau', templateId: id });
    expect([foreign.status, foreign.body.message]).toEqual([400, de.projects.templateNotFound]);
    const archived = await template({ status: 'archived' });
    const fromArchived = await api('POST', '/api/projects', me.token, { name: 'Altbau', templateId: archived });
    expect([fromArchived.status, fromArchived.body.message]).toEqual([400, de.projects.templateNotFound]);
  });
});

describe('the template archive', () => {
  it('lists archived templates to Admin and Firmenleiter only', async () => {
    const owner = await signedIn(t, 'Projektleiter');
    const id = await template({ name: 'Alte Vorlage', ownerId: owner.user.id, status: 'archived' });
    const refused = await api('GET', '/api/templates/archived', owner.token);
    expect(refused.status).toBe(403);
    const chief = await signedIn(t, 'Firmenleiter');
    for (const token of [adminToken, chief.token]) {
      const list = await api<TemplateSummaryDto[]>('GET', '/api/templates/archived', token);
      expect(list.body).toEqual([
        expect.objectContaining({ id, name: 'Alte Vorlage', ownerUsername: owner.user.username }),
      ]);
    }
  });

  it('restores: 403 for all but Admin, 404 for a project or an unknown id, 400 when not archived', async () => {
    const id = await template({ status: 'archived' });
    const chief = await signedIn(t, 'Firmenleiter');
    const refused = await api('POST', `/api/templates/${id}/restore`, chief.token);
    expect([refused.status, refused.body.message]).toEqual([403, de.projects.archiveForbidden]);
    const missing = await api('POST', `/api/templates/${newId()}/restore`, adminToken);
    expect([missing.status, missing.body.message]).toEqual([404, de.projects.templateNotFound]);
    expect((await api('POST', '/api/templates/keine-id/restore', adminToken)).status).toBe(404);
    const project = await api<ProjectDocument>('POST', '/api/projects', adminToken, { name: 'Kein Template' });
    await api('DELETE', `/api/projects/${project.body.id}`, adminToken);
    expect((await api('POST', `/api/templates/${project.body.id}/restore`, adminToken)).status).toBe(404);
    const active = await template();
    const notArchived = await api('POST', `/api/templates/${active}/restore`, adminToken);
    expect([notArchived.status, notArchived.body.message]).toEqual([400, de.projects.restoreOnlyArchived]);

    const restored = await api('POST', `/api/templates/${id}/restore`, adminToken);
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual({ message: de.projects.templateRestored });
    expect(await statusOf(id)).toBe('active');
    const list = (await api<TemplateSummaryDto[]>('GET', '/api/templates', adminToken)).body;
    expect(list.map((entry) => entry.id)).toContain(id);
    expect((await api<TemplateSummaryDto[]>('GET', '/api/templates/archived', adminToken)).body).toEqual([]);
  });

  it('restores only within the Free limit of 10 templates', async () => {
    for (let index = 0; index < 9; index++) await template();
    const id = await template({ status: 'archived' });
    const over = await api('POST', `/api/templates/${id}/restore`, adminToken);
    expect(over.status).toBe(403);
    expect(over.body).toMatchObject({ code: 'limit_reached', limit: 'templates', message: de.limits.templates });
    expect(await statusOf(id)).toBe('archived');
  });

  it('deletes permanently: 403 for all but Admin, 400 when not archived, then gone with its board', async () => {
    const id = await template({ status: 'archived', columns: [{ title: 'Planung', cards: ['Aufmaß'] }] });
    const chief = await signedIn(t, 'Firmenleiter');
    const refused = await api('DELETE', `/api/templates/${id}/permanent`, chief.token);
    expect([refused.status, refused.body.message]).toEqual([403, de.projects.archiveForbidden]);
    const active = await template();
    const notArchived = await api('DELETE', `/api/templates/${active}/permanent`, adminToken);
    expect([notArchived.status, notArchived.body.message]).toEqual([400, de.projects.permanentOnlyArchived]);
    expect((await api('DELETE', `/api/templates/${newId()}/permanent`, adminToken)).status).toBe(404);

    const deleted = await api('DELETE', `/api/templates/${id}/permanent`, adminToken);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: de.projects.templateDeletedPermanently });
    expect(await statusOf(id)).toBeUndefined();
    const [cards] = await User.sequelize!.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM project_cards WHERE project_id = :id',
      { replacements: { id }, type: QueryTypes.SELECT },
    );
    expect(cards?.count).toBe(0);
    expect((await api('DELETE', `/api/templates/${id}/permanent`, adminToken)).status).toBe(404);
  });
});
