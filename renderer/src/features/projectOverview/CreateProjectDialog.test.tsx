import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TagDto } from '@werkboard/common';
import { de } from '@werkboard/common';
import { buildUser } from '../../test/fixtures';
import type { FakeRoute } from '../../test/fakeFetch';
import { createFakeFetch } from '../../test/fakeFetch';
import { renderApp } from '../../test/renderApp';
import { buildTemplateSummary } from './overviewFixtures';

const t = de.projectOverview.create;

const PERSONAL = buildTemplateSummary({
  id: '00000000-0000-4000-8000-0000000000aa',
  name: 'Meine Vorlage',
  ownerId: 'user-monteur',
  ownerUsername: 'monteur',
  customerType: 'Privatkunde',
});
const GLOBAL = buildTemplateSummary({ id: '00000000-0000-4000-8000-0000000000bb', name: 'Standard' });
const TAGS: TagDto[] = [
  { id: 't1', customerType: 'Großkunde', label: 'Dringend', color: 'red', priority: 3 },
  { id: 't2', customerType: 'Allgemein', label: 'Normal', color: 'slate', priority: 1 },
];
const NEW_ID = '11111111-2222-4333-8444-555555555555';

function setup(routes: Record<string, FakeRoute> = {}) {
  const fake = createFakeFetch({
    'GET /api/projects': { body: [] },
    'GET /api/templates': { body: [PERSONAL, GLOBAL] },
    'GET /api/customer-types': { body: ['Allgemein', 'Großkunde', 'Privatkunde'] },
    'GET /api/tags': { body: TAGS },
    'POST /api/projects': { status: 201, body: { id: NEW_ID } },
    // The board that opens next keeps loading: these tests end at the navigation.
    [`GET /api/projects/${NEW_ID}`]: () => new Promise<never>(() => undefined),
    ...routes,
  });
  const view = renderApp('/', { user: buildUser('Monteur'), fake });
  return { ...view, fake };
}

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Neues Projekt' }));
  const dialog = within(screen.getByRole('dialog', { name: 'Neues Projekt' }));
  // The choices are loaded once the template select is there.
  await dialog.findByLabelText('Vorlage');
  return dialog;
}

function fill(dialog: { getByLabelText: (label: string) => HTMLElement }, name: string, projectNumber = '') {
  fireEvent.change(dialog.getByLabelText('Projektname'), { target: { value: name } });
  fireEvent.change(dialog.getByLabelText('Projekt-Nr'), { target: { value: projectNumber } });
}

describe("dialog 'Neues Projekt'", () => {
  it('preselects the first global template and offers the customer types, Allgemein first', async () => {
    setup();
    const dialog = await openDialog();

    const templates = dialog.getByLabelText<HTMLSelectElement>('Vorlage');
    expect(templates.value).toBe(GLOBAL.id);
    expect([...templates.options].map((option) => option.text)).toEqual(['Standard', 'Meine Vorlage']);
    const types = dialog.getByLabelText<HTMLSelectElement>('Kundentyp');
    expect(types.value).toBe('Allgemein');
    expect([...types.options].map((option) => option.value)).toEqual(['Allgemein', 'Großkunde', 'Privatkunde']);
  });

  it('takes the customer types from the tags when GET /customer-types fails', async () => {
    setup({ 'GET /api/customer-types': { status: 500, body: { message: 'x' } } });
    const dialog = await openDialog();

    const types = dialog.getByLabelText<HTMLSelectElement>('Kundentyp');
    expect([...types.options].map((option) => option.value)).toEqual(['Allgemein', 'Großkunde']);
  });

  it('refuses a blank name with the German message and sends nothing', async () => {
    const { fake } = setup();
    const dialog = await openDialog();

    fill(dialog, '   ');
    fireEvent.click(dialog.getByRole('button', { name: 'Projekt erstellen' }));

    expect(dialog.getByText('Der Projektname ist erforderlich.')).toBeTruthy();
    expect(dialog.getByLabelText('Projektname').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(dialog.getByLabelText('Projektname'));
    expect(fake.calls('POST /api/projects')).toHaveLength(0);
  });

  it('creates the project with trimmed values and opens its board', async () => {
    const { fake } = setup();
    const dialog = await openDialog();

    fireEvent.change(dialog.getByLabelText('Vorlage'), { target: { value: PERSONAL.id } });
    fireEvent.change(dialog.getByLabelText('Kundentyp'), { target: { value: 'Großkunde' } });
    fill(dialog, '  Bad Müller  ', ' 2026-017 ');
    fireEvent.click(dialog.getByRole('button', { name: 'Projekt erstellen' }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/project/${NEW_ID}`));
    expect(fake.calls('POST /api/projects')[0]?.body).toEqual({
      templateId: PERSONAL.id,
      name: 'Bad Müller',
      customerType: 'Großkunde',
      projectNumber: '2026-017',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows the server's 400 for a name that is taken at the name field", async () => {
    setup({
      'POST /api/projects': { status: 400, body: { message: 'Ein Projekt mit diesem Namen existiert bereits.' } },
    });
    const dialog = await openDialog();

    fill(dialog, 'Bad Müller');
    fireEvent.click(dialog.getByRole('button', { name: 'Projekt erstellen' }));

    expect(await dialog.findByText('Ein Projekt mit diesem Namen existiert bereits.')).toBeTruthy();
    expect(dialog.getByLabelText('Projektname').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('location').textContent).toBe('/');
  });

  it('opens the limit dialog at the Free limit of active projects', async () => {
    setup({
      'POST /api/projects': {
        status: 403,
        body: { message: de.limits.activeProjects, code: 'limit_reached', limit: 'activeProjects', max: 10 },
      },
    });
    const dialog = await openDialog();

    fill(dialog, 'Projekt Nummer elf');
    fireEvent.click(dialog.getByRole('button', { name: 'Projekt erstellen' }));

    const limit = within(await screen.findByRole('dialog', { name: de.limits.activeProjects }));
    expect(limit.getByText(de.limits.text)).toBeTruthy();
    fireEvent.click(limit.getByRole('button', { name: de.actions.ok }));
    expect(screen.queryByRole('dialog', { name: de.limits.activeProjects })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Neues Projekt' })).toBeTruthy();
  });

  it('shows any other failure as an alert in the dialog', async () => {
    setup({ 'POST /api/projects': { status: 500, body: 'kein JSON' } });
    const dialog = await openDialog();

    fill(dialog, 'Bad Müller');
    fireEvent.click(dialog.getByRole('button', { name: 'Projekt erstellen' }));

    expect((await dialog.findByRole('alert')).textContent).toBe(t.failed);
  });

  it('still creates a project when templates and customer types cannot be loaded (server default template)', async () => {
    const { fake } = setup({
      'GET /api/templates': { status: 500, body: { message: 'x' } },
      'GET /api/customer-types': { status: 500, body: { message: 'x' } },
      'GET /api/tags': { status: 500, body: { message: 'x' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Neues Projekt' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Neues Projekt' }));

    expect(await dialog.findByText(t.templatesLoadFailed)).toBeTruthy();
    expect([...dialog.getByLabelText<HTMLSelectElement>('Kundentyp').options].map((o) => o.value)).toEqual([
      'Allgemein',
    ]);
    fill(dialog, 'Bad Müller');
    fireEvent.click(dialog.getByRole('button', { name: 'Projekt erstellen' }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/project/${NEW_ID}`));
    expect(fake.calls('POST /api/projects')[0]?.body).toEqual({
      templateId: null,
      name: 'Bad Müller',
      customerType: 'Allgemein',
      projectNumber: '',
    });
  });
});
