import { de, newId, type ProjectDocument, type TemplateSummaryDto } from '@werkboard/common';
import { QueryTypes } from 'sequelize';
import { User } from '../models';
import { grantLifetimeLicense } from '../test/licenseKeys';
import { signedIn, templateDocument, withCard } from '../test/factories';
import { TEST_ADMIN, testServer, type TestServer, type ErrorBody, type ApiArgs } from '../test/testServer';

let t: TestServer;
let adminToken: string;

beforeAll(async () => {
  t = await testServer();
  adminToken = (await t.login(TEST_ADMIN.username, TEST_ADMIN.password)).token;
});
afterAll(() => t.close());
beforeEach(async () => {
  await User.sequelize!.query(`DELETE FROM projects WHERE NOT is_template OR owner_id IS NOT NULL OR name <> :seeded`, {
    replacements: { seeded: de.projects.defaultTemplateName },
  });
  await User.sequelize!.query(`DELETE FROM server_settings WHERE key = 'license'`);
});

const api = <T = ErrorBody>(...args: ApiArgs) => t.api<T>(...args);

/** What the template editor sends on the first save of 'Neue Vorlage'. */
const newTemplate = (name = 'Neue Vorlage') =>
  templateDocument({ name, columns: ['To Do', 'In Bearbeitung', 'Erledigt'] });

const withTitledCard = (document: ProjectDocument, title: string) => withCard(document, { title });

const countRows = async (sql: string, replacements: Record<string, unknown>) =>
  (await User.sequelize!.query<{ count: number }>(sql, { replacements, type: QueryTypes.SELECT }))[0]!.count;

describe('the template editor: GET and PUT /api/templates/{id}', () => {
  it('answers 401 without a token on every new template route', async () => {
    const id = newId();
    for (const [method, path] of [
      ['GET', `/api/templates/${id}`],
      ['PUT', `/api/templates/${id}`],
      ['DELETE', `/api/templates/${id}`],
      ['POST', '/api/templates/save-from-project'],
      ['POST', `/api/templates/${id}/share`],
      ['POST', `/api/templates/${id}/publish`],
    ] as const)
      expect([method, path, (await api(method, path)).status]).toEqual([method, path, 401]);
  });

  it('creates a personal template on the first PUT to a new id, then merges later saves', async () => {
    const me = await signedIn(t, 'Projektleiter');
    const id = newId();
    const first = newTemplate();
    const created = await api<ProjectDocument>('PUT', `/api/templates/${id}`, me.token, first);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      id,
      isTemplate: true,
      name: 'Neue Vorlage',
      icon: 'clipboard',
      customerType: 'Allgemein',
      status: 'active',
      ownerId: me.user.id,
    });
    expect(created.body.columns.map((column) => column.title)).toEqual(['To Do', 'In Bearbeitung', 'Erledigt']);
    expect(created.body.changeLog.map((entry) => entry.action)).toContain(de.organisation.templates.log.created);

    // The same first save again (a retry whose answer was lost) changes nothing.
    const retried = await api<ProjectDocument>('PUT', `/api/templates/${id}`, me.token, first);
    expect(retried.status).toBe(200);
    expect(retried.body.columns).toHaveLength(3);
    expect(await countRows('SELECT count(*)::int AS count FROM projects WHERE id = :id', { id })).toBe(1);

    const edited = await api<ProjectDocument>(
      'PUT',
      `/api/templates/${id}`,
      me.token,
      withTitledCard({ ...created.body, name: 'Badsanierung' }, 'Aufmaß'),
    );
    expect(edited.status).toBe(200);
    expect(edited.body.name).toBe('Badsanierung');
    expect(edited.body.columns[0]!.cards.map((card) => card.title)).toEqual(['Aufmaß']);
    const read = await api<ProjectDocument>('GET', `/api/templates/${id}`, me.token);
    expect(read.body.columns[0]!.cards.map((card) => card.title)).toEqual(['Aufmaß']);
    const list = await api<TemplateSummaryDto[]>('GET', '/api/templates', me.token);
    expect(list.body.map((entry) => entry.name)).toEqual(['Standardvorlage', 'Badsanierung']);
  });

  it('refuses: 400 with the message for a bad document, 403 without can_manage_templates, 404 for a project id', async () => {
    const me = await signedIn(t, 'Projektleiter');
    const id = newId();
    const blank = await api('PUT', `/api/templates/${id}`, me.token, { ...newTemplate(), name: '  ' });
    expect([blank.status, blank.body.message]).toEqual([400, de.projects.nameRequired]);
    const fitter = await signedIn(t, 'Monteur');
    const refused = await api('PUT', `/api/templates/${id}`, fitter.token, newTemplate());
    expect([refused.status, refused.body.message]).toEqual([403, de.organisation.templates.createForbidden]);
    expect(await countRows('SELECT count(*)::int AS count FROM projects WHERE id = :id', { id })).toBe(0);

    const project = await api<ProjectDocument>('POST', '/api/projects', me.token, { name: 'Kein Template' });
    const onProject = await api('PUT', `/api/templates/${project.body.id}`, me.token, project.body);
    expect([onProject.status, onProject.body.message]).toEqual([404, de.organisation.templates.notFound]);
    expect((await api('GET', `/api/templates/${project.body.id}`, me.token)).status).toBe(404);
  });

  it("keeps others' personal templates private and lets only editors change a template", async () => {
    const owner = await signedIn(t, 'Projektleiter');
    const id = newId();
    const created = await api<ProjectDocument>('PUT', `/api/templates/${id}`, owner.token, newTemplate('Privat'));
    const other = await signedIn(t, 'Projektleiter');
    const hidden = await api('GET', `/api/templates/${id}`, other.token);
    expect([hidden.status, hidden.body.message]).toEqual([403, de.organisation.templates.readForbidden]);
    const chief = await signedIn(t, 'Firmenleiter');
    expect((await api('GET', `/api/templates/${id}`, chief.token)).status).toBe(200);

    // A global template: everyone reads it; a Projektleiter (no can_manage_global_templates) may not change it.
    await User.sequelize!.query('UPDATE projects SET owner_id = NULL WHERE id = :id', { replacements: { id } });
    const global = (await api<ProjectDocument>('GET', `/api/templates/${id}`, other.token)).body;
    const refused = await api('PUT', `/api/templates/${id}`, other.token, withTitledCard(global, 'Heimlich'));
    expect([refused.status, refused.body.message]).toEqual([403, de.organisation.templates.editForbidden]);
    // Sending it back unchanged is fine (nothing to refuse).
    expect((await api('PUT', `/api/templates/${id}`, other.token, global)).status).toBe(200);
    const byChief = await api<ProjectDocument>(
      'PUT',
      `/api/templates/${id}`,
      chief.token,
      withTitledCard(global, 'Erlaubt'),
    );
    expect(byChief.status).toBe(200);
    expect(created.status).toBe(200);
  });

  it('counts new templates against the Free limit of 10', async () => {
    const me = await signedIn(t, 'Projektleiter');
    for (let index = 0; index < 9; index++)
      expect((await api('PUT', `/api/templates/${newId()}`, me.token, newTemplate(`V${index}`))).status).toBe(200);
    const id = newId();
    const over = await api('PUT', `/api/templates/${id}`, me.token, newTemplate('Zu viel'));
    expect(over.status).toBe(403);
    expect(over.body).toMatchObject({ code: 'limit_reached', message: de.limits.templates });
    expect(await countRows('SELECT count(*)::int AS count FROM projects WHERE id = :id', { id })).toBe(0);
  });
});

describe('DELETE, save from project, share and publish', () => {
  it('archives with DELETE: own with can_manage_templates, 403 for others with the spec message', async () => {
    const owner = await signedIn(t, 'Projektleiter');
    const id = newId();
    await api('PUT', `/api/templates/${id}`, owner.token, newTemplate('Weg damit'));
    const other = await signedIn(t, 'Firmenleiter');
    await User.sequelize!.query('UPDATE projects SET owner_id = :ownerId WHERE id = :id', {
      replacements: { id, ownerId: owner.user.id },
    });
    const refused = await api('DELETE', `/api/templates/${id}`, (await signedIn(t, 'Projektleiter')).token);
    expect([refused.status, refused.body.message]).toEqual([403, de.organisation.templates.readForbidden]);
    const byChief = await api('DELETE', `/api/templates/${id}`, other.token);
    expect([byChief.status, byChief.body.message]).toEqual([403, de.organisation.templates.deleteForbidden]);
    const deleted = await api('DELETE', `/api/templates/${id}`, owner.token);
    expect([deleted.status, deleted.body.message]).toEqual([200, de.organisation.templates.archived]);
    const archived = await api<TemplateSummaryDto[]>('GET', '/api/templates/archived', adminToken);
    expect(archived.body.map((entry) => entry.id)).toContain(id);
    // Restoring logs that the template (not a project) came back.
    expect((await api('POST', `/api/templates/${id}/restore`, adminToken)).status).toBe(200);
    const read = await api<ProjectDocument>('GET', `/api/templates/${id}`, adminToken);
    expect(read.body.changeLog[0]!.action).toBe(de.organisation.templates.log.restored);
  });

  it('saves a project as a template: columns, cards and task groups, never entries or assignments', async () => {
    const me = await signedIn(t, 'Projektleiter');
    const project = (await api<ProjectDocument>('POST', '/api/projects', me.token, { name: 'Altbau Meier' })).body;
    const card = withTitledCard(project, 'Leitungen prüfen');
    const cardDto = card.columns[0]!.cards[0]!;
    Object.assign(cardDto, {
      assignedTo: me.user.id,
      timeEntries: [
        { id: newId(), rev: 0, userId: me.user.id, username: me.user.username, date: '2026-11-20', hours: 2 },
      ],
      materialEntries: [{ id: newId(), rev: 0, quantity: 3, unit: 'm', name: 'NYM-J' }],
    });
    const saved = await api<ProjectDocument>('PUT', `/api/projects/${project.id}`, me.token, {
      ...card,
      cardGroups: ['Elektro'],
    });
    expect(saved.status).toBe(200);

    const missing = await api('POST', '/api/templates/save-from-project', me.token, { name: 'X', ownerId: me.user.id });
    expect([missing.status, missing.body.message]).toEqual([400, de.organisation.templates.projectRequired]);
    const foreignOwner = await api('POST', '/api/templates/save-from-project', me.token, {
      project: project.id,
      name: 'X',
      ownerId: (await signedIn(t, 'Monteur')).user.id,
    });
    expect([foreignOwner.status, foreignOwner.body.message]).toEqual([400, de.organisation.templates.ownerInvalid]);
    const global = await api('POST', '/api/templates/save-from-project', me.token, {
      project: project.id,
      name: 'X',
      ownerId: null,
    });
    expect([global.status, global.body.message]).toEqual([403, de.organisation.templates.globalForbidden]);

    const created = await api<TemplateSummaryDto>('POST', '/api/templates/save-from-project', me.token, {
      project: project.id,
      name: 'Altbau-Vorlage',
      description: 'Aus dem Projekt',
      ownerId: me.user.id,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Altbau-Vorlage', description: 'Aus dem Projekt', ownerId: me.user.id });
    const template = (await api<ProjectDocument>('GET', `/api/templates/${created.body.id}`, me.token)).body;
    expect(template.cardGroups).toEqual(['Elektro']);
    expect(template.columns.map((column) => column.title)).toEqual(['To Do', 'In Bearbeitung', 'Erledigt']);
    const [copied] = template.columns[0]!.cards;
    expect(copied).toMatchObject({ title: 'Leitungen prüfen', assignedTo: null, timeEntries: [], materialEntries: [] });
    expect(copied!.id).not.toBe(cardDto.id);

    // A second project from it has the card too.
    const second = await api<ProjectDocument>('POST', '/api/projects', me.token, {
      name: 'Altbau Schulz',
      templateId: created.body.id,
    });
    expect(second.body.columns[0]!.cards.map((entry) => entry.title)).toEqual(['Leitungen prüfen']);

    // Someone who cannot see the project cannot copy it.
    const stranger = await signedIn(t, 'Projektleiter');
    const hidden = await api('POST', '/api/templates/save-from-project', stranger.token, {
      project: project.id,
      name: 'Geklaut',
      ownerId: stranger.user.id,
    });
    expect(hidden.status).toBe(403);
  });

  it('shares as a personal copy for the chosen user; owner only; never oneself', async () => {
    const owner = await signedIn(t, 'Projektleiter');
    const id = newId();
    await api<ProjectDocument>('PUT', `/api/templates/${id}`, owner.token, newTemplate('Heizung'));
    const colleague = await signedIn(t, 'Projektleiter');

    const none = await api('POST', `/api/templates/${id}/share`, owner.token, {});
    expect([none.status, none.body.message]).toEqual([400, 'Bitte wählen Sie einen Benutzer aus.']);
    const self = await api('POST', `/api/templates/${id}/share`, owner.token, { userId: owner.user.id });
    expect([self.status, self.body.message]).toEqual([400, de.organisation.templates.shareSelf]);
    const unknown = await api('POST', `/api/templates/${id}/share`, owner.token, { userId: newId() });
    expect([unknown.status, unknown.body.message]).toEqual([400, de.organisation.templates.shareUserUnknown]);
    const chief = await signedIn(t, 'Firmenleiter');
    const notOwner = await api('POST', `/api/templates/${id}/share`, chief.token, { userId: colleague.user.id });
    expect([notOwner.status, notOwner.body.message]).toEqual([403, de.organisation.templates.shareForbidden]);

    const shared = await api('POST', `/api/templates/${id}/share`, owner.token, { userId: colleague.user.id });
    expect([shared.status, shared.body.message]).toEqual([
      201,
      de.organisation.templates.shared(colleague.user.username),
    ]);
    const theirs = await api<TemplateSummaryDto[]>('GET', '/api/templates', colleague.token);
    const copy = theirs.body.find((entry) => entry.name === 'Heizung');
    expect(copy).toMatchObject({ ownerId: colleague.user.id, columnTitles: ['To Do', 'In Bearbeitung', 'Erledigt'] });
    expect(copy!.id).not.toBe(id);
  });

  it('publishes a personal template globally: Admin and Firmenleiter only, irreversible', async () => {
    const lead = await signedIn(t, 'Projektleiter');
    const leadTemplate = newId();
    await api('PUT', `/api/templates/${leadTemplate}`, lead.token, newTemplate('Projektleiter-Vorlage'));
    const refused = await api('POST', `/api/templates/${leadTemplate}/publish`, lead.token);
    expect([refused.status, refused.body.message]).toEqual([403, de.organisation.templates.globalForbidden]);

    const chief = await signedIn(t, 'Firmenleiter');
    await grantLifetimeLicense();
    const id = newId();
    await api('PUT', `/api/templates/${id}`, chief.token, newTemplate('Firmenstandard'));
    const published = await api<TemplateSummaryDto>('POST', `/api/templates/${id}/publish`, chief.token);
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ id, ownerId: null, ownerUsername: null });
    const again = await api('POST', `/api/templates/${id}/publish`, chief.token);
    expect([again.status, again.body.message]).toEqual([400, de.organisation.templates.alreadyGlobal]);
    // Everyone now sees it among the global templates.
    const fitter = await signedIn(t, 'Monteur');
    const list = await api<TemplateSummaryDto[]>('GET', '/api/templates', fitter.token);
    expect(list.body.map((entry) => entry.name)).toContain('Firmenstandard');
  });
});
