import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProjectDocument } from '@werkboard/common';
import { de } from '@werkboard/common';
import type { FakeRequest, FakeRoute } from '../test/fakeFetch';
import { createFakeFetch } from '../test/fakeFetch';
import { buildUser } from '../test/fixtures';
import { renderApp } from '../test/renderApp';
import { buildProject, CARD, COLUMN, echoPut, TAGS } from '../test/project';

const t = de.templatesScreen;
const b = de.board;

const ME = '10000000-0000-4000-8000-000000000001';
const TEMPLATE_ID = '30000000-0000-4000-8000-000000000001';
const TEMPLATE_PATH = `/template/edit/${TEMPLATE_ID}`;
const API_PATH = `/api/templates/${TEMPLATE_ID}`;

const projektleiter = buildUser('Projektleiter', { id: ME, username: 'paula' });

function buildTemplate(overrides: Partial<ProjectDocument> = {}): ProjectDocument {
  return buildProject({
    id: TEMPLATE_ID,
    isTemplate: true,
    name: 'Badsanierung',
    description: 'Bad komplett',
    icon: 'clipboard',
    projectNumber: '',
    ownerId: ME,
    ownerUsername: 'paula',
    memberIds: [],
    team: [],
    tagIds: [],
    ...overrides,
  });
}

/**
 * A fake server for the editor; PUT /api/templates/<any id> answers with the sent document
 * (the new template's id is made in the browser, so its route is not known beforehand).
 */
function editorServer(routes: Record<string, FakeRoute> = {}, put: FakeRoute = echoPut) {
  const fixed: Record<string, FakeRoute> = {
    'GET /api/tags': { body: TAGS },
    'GET /api/external-users': { body: [] },
    ...routes,
  };
  const table = new Proxy(fixed, {
    get(target, key: string) {
      if (key in target) return target[key];
      if (key.startsWith('PUT /api/templates/')) return put;
      return undefined;
    },
  });
  return createFakeFetch(table);
}

function currentPath() {
  return screen.getByTestId('location').textContent;
}

const puts = (fake: ReturnType<typeof createFakeFetch>) =>
  fake.requests.filter((request) => request.method === 'PUT' && request.url.startsWith('/api/templates/'));

describe('/template/edit/new', () => {
  it("starts 'Neue Vorlage' with the defaults; the first save is PUT /templates/{id}, then the route carries the id", async () => {
    const fake = editorServer();
    renderApp('/template/edit/new', { user: projektleiter, fake });

    expect(await screen.findByRole('heading', { level: 1, name: t.newTemplateName })).toBeTruthy();
    const board = within(screen.getByRole('region', { name: t.editor.boardLabel }));
    for (const title of ['To Do', 'In Bearbeitung', 'Erledigt'])
      expect(board.getByRole('heading', { level: 2, name: title })).toBeTruthy();
    expect(screen.getByText(t.editor.unsaved)).toBeTruthy();
    expect(fake.requests.filter((request) => request.url.startsWith('/api/templates'))).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: t.editor.saveNow }));

    await waitFor(() => expect(puts(fake)).toHaveLength(1));
    const request: FakeRequest = puts(fake)[0]!;
    const body = request.body as ProjectDocument;
    expect(request.url).toBe(`/api/templates/${body.id}`);
    expect(body).toMatchObject({
      revision: 0,
      isTemplate: true,
      status: 'active',
      name: 'Neue Vorlage',
      description: '',
      icon: 'clipboard',
      customerType: 'Allgemein',
      ownerId: ME,
    });
    expect(body.columns.map((column) => column.title)).toEqual(['To Do', 'In Bearbeitung', 'Erledigt']);
    const ids = [body.id, ...body.columns.map((column) => column.id)];
    expect(new Set(ids).size).toBe(4);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(body.columns.every((column) => column.rev === 0 && column.cards.length === 0)).toBe(true);

    await waitFor(() => expect(currentPath()).toBe(`/template/edit/${body.id}`));
    // The same screen goes on: nothing is loaded again, the saved template stays.
    expect(fake.calls(`GET /api/templates/${body.id}`)).toHaveLength(0);
    expect(screen.getByRole('heading', { level: 1, name: t.newTemplateName })).toBeTruthy();
    expect(screen.queryByText(t.editor.unsaved)).toBeNull();
  });

  it('saves with the first edit as well, and later edits go to the same template', async () => {
    const fake = editorServer();
    renderApp('/template/edit/new', { user: projektleiter, fake });
    const todo = within(await screen.findByRole('region', { name: 'To Do' }));

    fireEvent.click(todo.getByRole('button', { name: 'Aufgabe hinzufügen' }));
    fireEvent.change(todo.getByLabelText('Titel der Aufgabe'), { target: { value: 'Fliesen legen' } });
    fireEvent.submit(todo.getByLabelText('Titel der Aufgabe'));

    await waitFor(() => expect(puts(fake)).toHaveLength(1));
    const first = puts(fake)[0]!.body as ProjectDocument;
    expect(first.name).toBe('Neue Vorlage');
    expect(first.columns[0]!.cards.map((card) => card.title)).toEqual(['Fliesen legen']);
    await waitFor(() => expect(currentPath()).toBe(`/template/edit/${first.id}`));

    fireEvent.change(todo.getByLabelText('Titel der Aufgabe'), { target: { value: 'Fugen' } });
    fireEvent.submit(todo.getByLabelText('Titel der Aufgabe'));
    await waitFor(() => expect(puts(fake)).toHaveLength(2));
    expect(puts(fake)[1]!.url).toBe(`/api/templates/${first.id}`);
  });

  it('keeps the new template on screen when its first save fails, with the German message', async () => {
    const fake = editorServer(
      {},
      { status: 403, body: { message: 'Limit für Vorlagen erreicht', code: 'limit_reached', limit: 'templates' } },
    );
    renderApp('/template/edit/new', { user: projektleiter, fake });
    fireEvent.click(await screen.findByRole('button', { name: t.editor.saveNow }));

    expect((await screen.findByRole('alert')).textContent).toContain(t.editor.saveFailed);
    expect(await screen.findByRole('dialog', { name: de.limits.templates })).toBeTruthy();
    expect(currentPath()).toBe('/template/edit/new');
    expect(screen.getByRole('heading', { level: 1, name: t.newTemplateName })).toBeTruthy();
  });

  it("sends a user without can_manage_templates back to '/templates'", async () => {
    const fake = editorServer({ 'GET /api/templates': { body: [] } });
    renderApp('/template/edit/new', { user: buildUser('Monteur', { id: ME }), fake });
    await waitFor(() => expect(currentPath()).toBe('/templates'));
  });
});

describe('/template/edit/{id}', () => {
  async function openEditor(document = buildTemplate(), user = projektleiter, routes: Record<string, FakeRoute> = {}) {
    const fake = editorServer({ [`GET ${API_PATH}`]: { body: document }, ...routes });
    const view = renderApp(TEMPLATE_PATH, { user, fake });
    await screen.findByRole('heading', { level: 1, name: document.name });
    await screen.findByTestId(`column-${COLUMN.todo}`);
    return { ...view, fake };
  }

  it('shows the template with its head, and no card moves, entries or project panels', async () => {
    await openEditor();
    expect(screen.getByText(t.editor.badge)).toBeTruthy();
    expect(screen.getByText('Bad komplett')).toBeTruthy();
    expect(screen.getByText(t.editor.personal('paula'))).toBeTruthy();
    expect(screen.getByRole('link', { name: t.editor.backToList }).getAttribute('href')).toBe('/templates');

    const actions = within(screen.getByRole('navigation', { name: t.editor.actions }));
    expect(actions.getAllByRole('button').map((button) => button.textContent)).toEqual([t.editor.edit]);
    for (const label of [b.buttons.notes, b.buttons.manageAppointments, b.buttons.gallery, b.buttons.invite])
      expect(screen.queryByRole('button', { name: label })).toBeNull();
    expect(screen.queryByRole('region', { name: de.projectPanels.appointments.overviewTitle })).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();

    // No drag source and no quick moves.
    const cable = screen.getByTestId(`card-${CARD.cable}`);
    expect(cable.getAttribute('draggable')).toBeNull();
    expect(cable.className).not.toContain('board-card--draggable');
    expect(screen.queryByRole('button', { name: /verschieben$/ })).toBeNull();

    // The task dialog has only the details: no times or material.
    fireEvent.click(within(cable).getByRole('button', { name: 'Kabel ziehen' }));
    await screen.findByLabelText(b.task.title); // the dialog's chunk loaded
    const dialog = within(screen.getByRole('dialog', { name: 'Kabel ziehen' }));
    expect(dialog.getByLabelText(b.task.title)).toBeTruthy();
    expect(dialog.queryByRole('tab')).toBeNull();
  });

  it('a project keeps its card moves (template mode changes only templates)', async () => {
    const fake = editorServer({
      [`GET /api/projects/${TEMPLATE_ID}`]: { body: buildTemplate({ isTemplate: false, memberIds: [] }) },
    });
    renderApp(`/project/${TEMPLATE_ID}`, { user: projektleiter, fake });
    const cable = await screen.findByTestId(`card-${CARD.cable}`);
    expect(cable.className).toContain('board-card--draggable');
    expect(screen.getAllByRole('button', { name: /verschieben$/ }).length).toBeGreaterThan(0);
  });

  it('saves edits with PUT /templates/{id}', async () => {
    const { fake } = await openEditor();
    const todo = within(screen.getByTestId(`column-${COLUMN.todo}`));
    fireEvent.click(todo.getByRole('button', { name: 'Aufgabe hinzufügen' }));
    fireEvent.change(todo.getByLabelText('Titel der Aufgabe'), { target: { value: 'Abdichten' } });
    fireEvent.submit(todo.getByLabelText('Titel der Aufgabe'));

    await waitFor(() => expect(fake.calls(`PUT ${API_PATH}`)).toHaveLength(1));
    const body = fake.calls(`PUT ${API_PATH}`)[0]!.body as ProjectDocument;
    expect(body.revision).toBe(7);
    expect(body.columns[0]!.cards.map((card) => card.title)).toContain('Abdichten');
    expect(fake.calls(`PUT /api/projects/${TEMPLATE_ID}`)).toHaveLength(0);
  });

  it("shows 'Vorlage konnte nicht gespeichert werden.' after a failed save and loads the template again", async () => {
    const { fake } = await openEditor(buildTemplate(), projektleiter, {
      [`PUT ${API_PATH}`]: { status: 400, body: { message: 'Die Vorlage ist ungültig.' } },
    });
    const todo = within(screen.getByTestId(`column-${COLUMN.todo}`));
    fireEvent.click(todo.getByRole('button', { name: 'Aufgabe hinzufügen' }));
    fireEvent.change(todo.getByLabelText('Titel der Aufgabe'), { target: { value: 'Abdichten' } });
    fireEvent.submit(todo.getByLabelText('Titel der Aufgabe'));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(t.editor.saveFailed);
    expect(alert.textContent).toContain('Die Vorlage ist ungültig.');
    await waitFor(() => expect(fake.calls(`GET ${API_PATH}`)).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Abdichten' })).toBeNull());
  });

  it('is read-only for who may not edit the template (a global one for a Projektleiter)', async () => {
    await openEditor(buildTemplate({ ownerId: null, ownerUsername: null }));
    expect(screen.getByText(t.editor.readOnly)).toBeTruthy();
    expect(screen.getByText(t.editor.global)).toBeTruthy();
    expect(screen.queryByRole('button', { name: t.editor.edit })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Aufgabe hinzufügen' })).toBeNull();
    expect(screen.queryByRole('button', { name: de.board.columns.add })).toBeNull();
  });

  it('lets a Firmenleiter edit a global template', async () => {
    await openEditor(buildTemplate({ ownerId: null, ownerUsername: null }), buildUser('Firmenleiter', { id: ME }));
    expect(screen.queryByText(t.editor.readOnly)).toBeNull();
    expect(screen.getByRole('button', { name: t.editor.edit })).toBeTruthy();
  });

  it("goes to '/templates' when the template cannot be loaded", async () => {
    const fake = editorServer({
      [`GET ${API_PATH}`]: { status: 404, body: { message: 'x' } },
      'GET /api/templates': { body: [] },
    });
    renderApp(TEMPLATE_PATH, { user: projektleiter, fake });
    await waitFor(() => expect(currentPath()).toBe('/templates'));
  });

  it('an archived template opened from the archive (isArchived) is read-only with its banner', async () => {
    renderApp(
      { pathname: TEMPLATE_PATH, state: { isArchived: true } },
      {
        user: buildUser('Admin', { id: ME }),
        fake: editorServer({ [`GET ${API_PATH}`]: { body: buildTemplate({ status: 'archived' }) } }),
      },
    );
    expect(await screen.findByText(t.editor.archived)).toBeTruthy();
    expect(currentPath()).toBe(TEMPLATE_PATH);
    expect(screen.queryByRole('button', { name: 'Aufgabe hinzufügen' })).toBeNull();
  });
});
