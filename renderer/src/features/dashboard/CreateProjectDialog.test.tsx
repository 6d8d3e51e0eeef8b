import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CurrentUserDto, TagDto } from '@werkboard/common';
import { de, DEFAULT_USER_SETTINGS } from '@werkboard/common';
import { buildUser } from '../../test/fixtures';
import type { FakeRoute } from '../../test/fakeFetch';
import { createFakeFetch } from '../../test/fakeFetch';
import { renderApp } from '../../test/renderApp';
import { dashboardRoutes } from '../../test/dashboard';
import { buildProjectSummary, buildTemplateSummary } from '../../test/projectSummaries';
import { findLoadedDialog } from '../../test/dialogs';

const t = de.projectOverview.create;

const PERSONAL = buildTemplateSummary({
  id: '00000000-0000-4000-8000-0000000000aa',
  name: 'Meine Vorlage',
  ownerId: 'user-monteur',
  ownerUsername: 'monteur',
  customerType: 'Privatkunde',
});
const GLOBAL = buildTemplateSummary({ id: '00000000-0000-4000-8000-0000000000bb', name: 'Standard' });
const GLOBAL_BIG = buildTemplateSummary({
  id: '00000000-0000-4000-8000-0000000000cc',
  name: 'Großbaustelle',
  customerType: 'Großkunde',
  columnTitles: ['Planung', 'Bau', 'Fertig'],
});
const TAGS: TagDto[] = [
  { id: 't1', customerType: 'Großkunde', label: 'Dringend', color: 'red', priority: 3 },
  { id: 't2', customerType: 'Allgemein', label: 'Normal', color: 'slate', priority: 1 },
];
const NEW_ID = '11111111-2222-4333-8444-555555555555';

function setup(routes: Record<string, FakeRoute> = {}, user: CurrentUserDto = buildUser('Monteur')) {
  const fake = createFakeFetch(
    dashboardRoutes({
      'GET /api/projects': {
        body: [
          buildProjectSummary({ id: 'p-own', name: 'Bad Müller', ownerId: user.id }),
          buildProjectSummary({ id: 'p-other', name: 'Dach Schulz', ownerId: 'u-other', memberIds: [user.id] }),
        ],
      },
      'GET /api/templates': { body: [PERSONAL, GLOBAL, GLOBAL_BIG] },
      'GET /api/customer-types': { body: ['Allgemein', 'Großkunde', 'Privatkunde'] },
      'GET /api/tags': { body: TAGS },
      'POST /api/projects': { status: 201, body: { id: NEW_ID } },
      // The board that opens next keeps loading: these tests end at the navigation.
      [`GET /api/projects/${NEW_ID}`]: () => new Promise<never>(() => undefined),
      ...routes,
    }),
  );
  const view = renderApp('/', { user, fake });
  return { ...view, fake };
}

/** 'Neues Projekt', then the template step once its choices are loaded. */
async function openChooser() {
  fireEvent.click(await screen.findByRole('button', { name: 'Neues Projekt' }));
  const dialog = await findLoadedDialog('Vorlage auswählen');
  await dialog.findByLabelText('Kundentyp');
  return dialog;
}

/** Chooses a template and answers the 'Neues Projekt' step. */
async function openForm(template = 'Standard') {
  const chooser = await openChooser();
  fireEvent.click(chooser.getByRole('button', { name: template }));
  return within(screen.getByRole('dialog', { name: 'Neues Projekt' }));
}

function fill(dialog: { getByLabelText: (label: string) => HTMLElement }, name: string, projectNumber = '') {
  fireEvent.change(dialog.getByLabelText('Projektname'), { target: { value: name } });
  fireEvent.change(dialog.getByLabelText('Projekt-Nr'), { target: { value: projectNumber } });
}

const listed = (list: string) =>
  Array.from(
    screen.getByRole('list', { name: list }).querySelectorAll('.template-choice__name'),
    (name) => name.textContent,
  );

describe("'Neues Projekt': choose a template", () => {
  it('lists global and personal templates, filtered by customer type or Alle', async () => {
    setup();
    const dialog = await openChooser();

    const filter = dialog.getByLabelText<HTMLSelectElement>('Kundentyp');
    expect(filter.selectedOptions[0]?.text).toBe('Alle');
    expect([...filter.options].map((option) => option.text)).toEqual(['Alle', 'Allgemein', 'Großkunde', 'Privatkunde']);
    expect(listed('Globale Vorlagen')).toEqual(['Großbaustelle', 'Standard']);
    expect(listed('Meine persönlichen Vorlagen')).toEqual(['Meine Vorlage']);
    const big = dialog.getByRole('button', { name: 'Großbaustelle' });
    expect(document.getElementById(big.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Kundentyp: Großkunde · Spalten: Planung, Bau, Fertig',
    );

    fireEvent.change(filter, { target: { value: 'Großkunde' } });
    expect(listed('Globale Vorlagen')).toEqual(['Großbaustelle']);
    expect(dialog.queryByRole('list', { name: 'Meine persönlichen Vorlagen' })).toBeNull();

    fireEvent.change(filter, { target: { value: 'Privatkunde' } });
    expect(dialog.queryByRole('list', { name: 'Globale Vorlagen' })).toBeNull();
    expect(listed('Meine persönlichen Vorlagen')).toEqual(['Meine Vorlage']);
  });

  it("says 'Keine Vorlagen gefunden' when no template fits", async () => {
    setup({ 'GET /api/customer-types': { body: ['Allgemein', 'Industriekunde'] } });
    const dialog = await openChooser();
    fireEvent.change(dialog.getByLabelText('Kundentyp'), { target: { value: 'Industriekunde' } });
    expect(dialog.getByText('Keine Vorlagen gefunden')).toBeTruthy();
  });

  it("takes the chosen template's customer type and can go back to another template", async () => {
    setup();
    const dialog = await openForm('Meine Vorlage');

    expect(dialog.getByText('Vorlage: Meine Vorlage')).toBeTruthy();
    expect(dialog.getByLabelText<HTMLSelectElement>('Kundentyp').value).toBe('Privatkunde');
    expect(document.activeElement).toBe(dialog.getByLabelText('Projektname'));

    fireEvent.click(dialog.getByRole('button', { name: 'Andere Vorlage wählen' }));
    const chooser = within(screen.getByRole('dialog', { name: 'Vorlage auswählen' }));
    fireEvent.click(chooser.getByRole('button', { name: 'Großbaustelle' }));
    expect(screen.getByText('Vorlage: Großbaustelle')).toBeTruthy();
    expect(screen.getByLabelText<HTMLSelectElement>('Kundentyp').value).toBe('Großkunde');
  });
});

describe("'Neues Projekt': create", () => {
  it('refuses a blank name with the German message and sends nothing', async () => {
    const { fake } = setup();
    const dialog = await openForm();

    fill(dialog, '   ');
    fireEvent.click(dialog.getByRole('button', { name: 'Projekt erstellen' }));

    expect(dialog.getByText('Der Projektname ist erforderlich.')).toBeTruthy();
    expect(dialog.getByLabelText('Projektname').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(dialog.getByLabelText('Projektname'));
    expect(fake.calls('POST /api/projects')).toHaveLength(0);
  });

  it('refuses the name of one of his own projects, case-insensitively and trimmed', async () => {
    const { fake } = setup();
    const dialog = await openForm();

    fill(dialog, '  bad MÜLLER ');
    fireEvent.click(dialog.getByRole('button', { name: 'Projekt erstellen' }));

    expect(dialog.getByText('Ein Projekt mit diesem Namen existiert bereits.')).toBeTruthy();
    expect(fake.calls('POST /api/projects')).toHaveLength(0);

    // Someone else's project of the same name is no reason (names are unique per owner).
    fill(dialog, 'Dach Schulz');
    fireEvent.click(dialog.getByRole('button', { name: 'Projekt erstellen' }));
    await waitFor(() => expect(fake.calls('POST /api/projects')).toHaveLength(1));
  });

  it('creates the project with trimmed values and opens its board', async () => {
    const { fake } = setup();
    const dialog = await openForm('Meine Vorlage');

    fireEvent.change(dialog.getByLabelText('Kundentyp'), { target: { value: 'Großkunde' } });
    fill(dialog, '  Neubau Ost  ', ' 2026-017 ');
    fireEvent.click(dialog.getByRole('button', { name: 'Projekt erstellen' }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/project/${NEW_ID}`));
    expect(fake.calls('POST /api/projects')[0]?.body).toEqual({
      templateId: PERSONAL.id,
      name: 'Neubau Ost',
      customerType: 'Großkunde',
      projectNumber: '2026-017',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows the server's 400 for a name that is taken at the name field", async () => {
    setup({
      'POST /api/projects': { status: 400, body: { message: 'Ein Projekt mit diesem Namen existiert bereits.' } },
    });
    const dialog = await openForm();

    fill(dialog, 'Neubau Ost');
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
    const dialog = await openForm();

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
    const dialog = await openForm();

    fill(dialog, 'Neubau Ost');
    fireEvent.click(dialog.getByRole('button', { name: 'Projekt erstellen' }));

    expect((await dialog.findByRole('alert')).textContent).toBe(t.failed);
  });

  it('takes the customer types from the tags when GET /customer-types fails', async () => {
    setup({ 'GET /api/customer-types': { status: 500, body: { message: 'x' } } });
    const dialog = await openForm();

    const types = dialog.getByLabelText<HTMLSelectElement>('Kundentyp');
    expect([...types.options].map((option) => option.value)).toEqual(['Allgemein', 'Großkunde']);
  });

  it('still creates a project when templates and customer types cannot be loaded (server default template)', async () => {
    const { fake } = setup({
      'GET /api/templates': { status: 500, body: { message: 'x' } },
      'GET /api/customer-types': { status: 500, body: { message: 'x' } },
      'GET /api/tags': { status: 500, body: { message: 'x' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Neues Projekt' }));
    const chooser = within(screen.getByRole('dialog', { name: 'Vorlage auswählen' }));

    expect((await chooser.findByRole('alert')).textContent).toBe(t.templatesLoadFailed);
    expect(chooser.queryByLabelText('Kundentyp')).toBeNull();
    fireEvent.click(chooser.getByRole('button', { name: 'Ohne Vorlage fortfahren' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Neues Projekt' }));
    expect(dialog.getByText('Vorlage: Standardvorlage')).toBeTruthy();
    expect([...dialog.getByLabelText<HTMLSelectElement>('Kundentyp').options].map((o) => o.value)).toEqual([
      'Allgemein',
    ]);
    fill(dialog, 'Neubau Ost');
    fireEvent.click(dialog.getByRole('button', { name: 'Projekt erstellen' }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/project/${NEW_ID}`));
    expect(fake.calls('POST /api/projects')[0]?.body).toEqual({
      templateId: null,
      name: 'Neubau Ost',
      customerType: 'Allgemein',
      projectNumber: '',
    });
  });
});

describe("'Neues Projekt': a new customer type", () => {
  const projektleiter = buildUser('Projektleiter');

  it('creates a customer type on the way and chooses it', async () => {
    const { fake } = setup(
      { 'POST /api/customer-types': { status: 201, body: { name: 'Industriekunde' } } },
      projektleiter,
    );
    const dialog = await openForm();

    fireEvent.click(dialog.getByRole('button', { name: 'Neuer Kundentyp' }));
    const typeDialog = within(await screen.findByRole('dialog', { name: 'Neuer Kundentyp' }));
    fireEvent.change(typeDialog.getByLabelText('Name des Kundentyps'), { target: { value: 'Industriekunde' } });
    fireEvent.click(typeDialog.getByRole('button', { name: 'Kundentyp anlegen' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Neuer Kundentyp' })).toBeNull());
    expect(fake.calls('POST /api/customer-types')).toHaveLength(1);
    const types = dialog.getByLabelText<HTMLSelectElement>('Kundentyp');
    expect(types.value).toBe('Industriekunde');
    expect([...types.options].map((option) => option.value)).toContain('Industriekunde');
  });

  it('is not offered without can_manage_customer_types', async () => {
    setup();
    const dialog = await openForm();
    expect(dialog.queryByRole('button', { name: 'Neuer Kundentyp' })).toBeNull();
  });

  it("is not offered when the feature 'manageCustomerTypes' is off", async () => {
    const settings = {
      ...DEFAULT_USER_SETTINGS,
      features: { ...DEFAULT_USER_SETTINGS.features, manageCustomerTypes: false },
    };
    setup({}, buildUser('Projektleiter', { settings }));
    const dialog = await openForm();
    expect(dialog.queryByRole('button', { name: 'Neuer Kundentyp' })).toBeNull();
  });
});
