import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CurrentUserDto, TemplateSummaryDto } from '@werkboard/common';
import { de, DEFAULT_USER_SETTINGS } from '@werkboard/common';
import type { FakeRoute } from '../test/fakeFetch';
import { createFakeFetch } from '../test/fakeFetch';
import { buildManagedUser, buildUser } from '../test/fixtures';
import { renderApp } from '../test/renderApp';

const t = de.templatesScreen;

const ME = '10000000-0000-4000-8000-000000000001';
const OTHER = '10000000-0000-4000-8000-000000000002';

function summary(
  id: string,
  name: string,
  ownerId: string | null,
  overrides: Partial<TemplateSummaryDto> = {},
): TemplateSummaryDto {
  return {
    id,
    name,
    description: '',
    icon: 'clipboard',
    customerType: 'Allgemein',
    ownerId,
    ownerUsername: ownerId === ME ? 'paula' : null,
    columnTitles: ['To Do', 'In Bearbeitung', 'Erledigt'],
    ...overrides,
  };
}

const STANDARD = summary('20000000-0000-4000-8000-000000000001', 'Standardvorlage', null, { description: 'Für alles' });
const BATH = summary('20000000-0000-4000-8000-000000000002', 'Badsanierung', ME, {
  customerType: 'Privatkunde',
  columnTitles: ['Planung', 'Montage'],
});

const projektleiter = buildUser('Projektleiter', { id: ME, username: 'paula' });
const firmenleiter = buildUser('Firmenleiter', { id: ME, username: 'paula' });

function server(templates: TemplateSummaryDto[] = [STANDARD, BATH], routes: Record<string, FakeRoute> = {}) {
  return createFakeFetch({
    'GET /api/templates': { body: templates },
    'PUT /api/settings': { body: { settings: DEFAULT_USER_SETTINGS, smtp: null } },
    'GET /api/users/directory': {
      body: [
        buildManagedUser('Projektleiter', { id: ME, username: 'paula' }),
        buildManagedUser('Monteur', { id: OTHER, username: 'max' }),
      ],
    },
    ...routes,
  });
}

async function openPage(user: CurrentUserDto = projektleiter, fake = server()) {
  const view = renderApp('/templates', { user, fake });
  await screen.findByRole('region', { name: t.globalTemplates });
  return view;
}

const section = (name: string) => within(screen.getByRole('region', { name }));

describe('/templates', () => {
  it("lists 'Globale Vorlagen' and 'Meine persönlichen Vorlagen' as tiles by default", async () => {
    await openPage();
    expect(screen.getByRole('heading', { level: 1, name: de.pages.templates })).toBeTruthy();

    const global = section(t.globalTemplates);
    const standard = within(global.getByRole('listitem', { name: 'Standardvorlage' }));
    expect(standard.getByText('Für alles')).toBeTruthy();
    expect(standard.getByText(t.global)).toBeTruthy();
    expect(standard.getByRole('link', { name: 'Standardvorlage' }).getAttribute('href')).toBe(
      `/template/edit/${STANDARD.id}`,
    );

    const mine = section(t.personalTemplates);
    const bath = within(mine.getByRole('listitem', { name: 'Badsanierung' }));
    expect(bath.getByText('Privatkunde')).toBeTruthy();
    expect(bath.getByText('Montage')).toBeTruthy();
    expect(screen.getByRole('button', { name: t.viewModes.grid }).getAttribute('aria-pressed')).toBe('true');
  });

  it("says 'Keine Vorlagen gefunden' for an empty section", async () => {
    await openPage(projektleiter, server([STANDARD]));
    expect(section(t.personalTemplates).getByText(t.empty)).toBeTruthy();
    expect(section(t.globalTemplates).queryByText(t.empty)).toBeNull();
  });

  it('switches to the simple and the detailed table and saves the view mode with the settings', async () => {
    const { fake, store } = await openPage();

    fireEvent.click(screen.getByRole('button', { name: t.viewModes['table-simple'] }));
    const simple = within(section(t.personalTemplates).getByRole('table', { name: t.personalTemplates }));
    expect(simple.getByRole('columnheader', { name: t.table.customerType })).toBeTruthy();
    expect(simple.queryByRole('columnheader', { name: t.table.owner })).toBeNull();
    expect(simple.getByRole('row', { name: 'Badsanierung' })).toBeTruthy();
    expect(store.getState().auth.user?.settings.display.templates.viewMode).toBe('table-simple');

    fireEvent.click(screen.getByRole('button', { name: t.viewModes['table-detailed'] }));
    const detailed = within(section(t.globalTemplates).getByRole('table', { name: t.globalTemplates }));
    for (const header of [t.table.name, t.table.description, t.table.customerType, t.table.owner, t.table.columns])
      expect(detailed.getByRole('columnheader', { name: header })).toBeTruthy();
    expect(detailed.getByText('To Do · In Bearbeitung · Erledigt')).toBeTruthy();

    await waitFor(() => expect(fake.calls('PUT /api/settings')).toHaveLength(1), { timeout: 2000 });
    expect(fake.calls('PUT /api/settings')[0]!.body).toEqual({
      display: { templates: { viewMode: 'table-detailed' } },
    });
  });

  it('shows the stored view mode', async () => {
    const user = buildUser('Projektleiter', {
      id: ME,
      settings: {
        ...DEFAULT_USER_SETTINGS,
        display: { ...DEFAULT_USER_SETTINGS.display, templates: { viewMode: 'table-detailed' } },
      },
    });
    await openPage(user);
    expect(section(t.globalTemplates).getByRole('columnheader', { name: t.table.owner })).toBeTruthy();
  });

  it('offers each template only the actions the user may take (Projektleiter)', async () => {
    await openPage();
    expect(screen.getByRole('link', { name: t.newTemplate }).getAttribute('href')).toBe('/template/edit/new');

    // Global: only viewing, no sharing, publishing or deleting.
    const standard = within(section(t.globalTemplates).getByRole('listitem', { name: 'Standardvorlage' }));
    expect(standard.getByRole('link', { name: t.actions.viewLabel('Standardvorlage') })).toBeTruthy();
    expect(standard.queryByRole('link', { name: t.actions.editLabel('Standardvorlage') })).toBeNull();
    expect(standard.queryByRole('button', { name: t.actions.shareLabel('Standardvorlage') })).toBeNull();
    expect(standard.queryByRole('button', { name: t.actions.deleteLabel('Standardvorlage') })).toBeNull();

    // Own: edit, share, delete; publishing is for Admin and Firmenleiter.
    const bath = within(section(t.personalTemplates).getByRole('listitem', { name: 'Badsanierung' }));
    expect(bath.getByRole('link', { name: t.actions.editLabel('Badsanierung') })).toBeTruthy();
    expect(bath.getByRole('button', { name: t.actions.shareLabel('Badsanierung') })).toBeTruthy();
    expect(bath.getByRole('button', { name: t.actions.deleteLabel('Badsanierung') })).toBeTruthy();
    expect(bath.queryByRole('button', { name: t.actions.publishLabel('Badsanierung') })).toBeNull();
  });

  it('lets a Firmenleiter edit and delete global templates and publish own ones', async () => {
    await openPage(firmenleiter);
    const standard = within(section(t.globalTemplates).getByRole('listitem', { name: 'Standardvorlage' }));
    expect(standard.getByRole('link', { name: t.actions.editLabel('Standardvorlage') })).toBeTruthy();
    expect(standard.getByRole('button', { name: t.actions.deleteLabel('Standardvorlage') })).toBeTruthy();
    expect(standard.queryByRole('button', { name: t.actions.publishLabel('Standardvorlage') })).toBeNull();
    const bath = within(section(t.personalTemplates).getByRole('listitem', { name: 'Badsanierung' }));
    expect(bath.getByRole('button', { name: t.actions.publishLabel('Badsanierung') })).toBeTruthy();
  });

  it("hides 'Neue Vorlage' and every write without can_manage_templates", async () => {
    const monteur = buildUser('Monteur', { id: ME });
    await openPage(monteur, server([STANDARD]));
    expect(screen.queryByRole('link', { name: t.newTemplate })).toBeNull();
    const standard = within(section(t.globalTemplates).getByRole('listitem', { name: 'Standardvorlage' }));
    expect(standard.queryAllByRole('button')).toHaveLength(0);
    expect(standard.getByRole('link', { name: t.actions.viewLabel('Standardvorlage') })).toBeTruthy();
  });

  it('says when the templates cannot be loaded and loads them again on request', async () => {
    let fail = true;
    const fake = server([STANDARD], {
      'GET /api/templates': () => (fail ? { status: 500, body: { message: 'x' } } : { body: [STANDARD] }),
    });
    renderApp('/templates', { user: projektleiter, fake });
    expect((await screen.findByRole('alert')).textContent).toContain(t.loadFailed);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: de.actions.retry }));
    expect(await screen.findByRole('listitem', { name: 'Standardvorlage' })).toBeTruthy();
  });
});

describe('/templates: sharing', () => {
  async function openShare(routes: Record<string, FakeRoute> = {}) {
    const view = await openPage(projektleiter, server([STANDARD, BATH], routes));
    fireEvent.click(screen.getByRole('button', { name: t.actions.shareLabel('Badsanierung') }));
    const dialog = within(await screen.findByRole('dialog', { name: t.share.title }));
    await dialog.findByLabelText(t.share.user);
    return { ...view, dialog };
  }

  it('offers the other users, never oneself, and insists on a choice', async () => {
    const { dialog, fake } = await openShare();
    const options = within(dialog.getByLabelText(t.share.user)).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([t.share.choose, 'max']);

    fireEvent.click(dialog.getByRole('button', { name: t.share.submit }));
    expect(dialog.getByText(t.share.userRequired)).toBeTruthy();
    expect(fake.calls(`POST /api/templates/${BATH.id}/share`)).toHaveLength(0);
  });

  it('shares with the chosen user and says so', async () => {
    const { dialog, fake } = await openShare({
      [`POST /api/templates/${BATH.id}/share`]: { status: 201, body: { message: 'ok' } },
    });
    fireEvent.change(dialog.getByLabelText(t.share.user), { target: { value: OTHER } });
    fireEvent.click(dialog.getByRole('button', { name: t.share.submit }));

    expect((await screen.findByRole('status')).textContent).toBe(t.share.success('max'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fake.calls(`POST /api/templates/${BATH.id}/share`)[0]!.body).toEqual({ userId: OTHER });
  });

  it("shows 'Fehler: Vorlage konnte nicht geteilt werden.' when the server refuses", async () => {
    const { dialog } = await openShare({
      [`POST /api/templates/${BATH.id}/share`]: {
        status: 400,
        body: { message: 'Der gewählte Benutzer existiert nicht.' },
      },
    });
    fireEvent.change(dialog.getByLabelText(t.share.user), { target: { value: OTHER } });
    fireEvent.click(dialog.getByRole('button', { name: t.share.submit }));
    const alert = await dialog.findByRole('alert');
    expect(alert.textContent).toContain(t.share.failed);
    expect(alert.textContent).toContain('Der gewählte Benutzer existiert nicht.');
  });
});

describe('/templates: publishing and deleting', () => {
  it('publishes a personal template after saying it cannot be undone', async () => {
    const published = { ...BATH, ownerId: null, ownerUsername: null };
    const { fake } = await openPage(
      firmenleiter,
      server([STANDARD, BATH], { [`POST /api/templates/${BATH.id}/publish`]: { body: published } }),
    );
    fireEvent.click(screen.getByRole('button', { name: t.actions.publishLabel('Badsanierung') }));
    const dialog = within(screen.getByRole('dialog', { name: t.publish.title }));
    expect(dialog.getByText(t.publish.irreversible)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: t.publish.confirm }));

    expect((await screen.findByRole('status')).textContent).toBe(t.publish.success('Badsanierung'));
    expect(fake.calls(`POST /api/templates/${BATH.id}/publish`)).toHaveLength(1);
    expect(section(t.globalTemplates).getByRole('listitem', { name: 'Badsanierung' })).toBeTruthy();
    expect(section(t.personalTemplates).getByText(t.empty)).toBeTruthy();
  });

  it('keeps the publish failure in the dialog', async () => {
    await openPage(
      firmenleiter,
      server([BATH], { [`POST /api/templates/${BATH.id}/publish`]: { status: 500, body: { message: 'x' } } }),
    );
    fireEvent.click(screen.getByRole('button', { name: t.actions.publishLabel('Badsanierung') }));
    fireEvent.click(screen.getByRole('button', { name: t.publish.confirm }));
    expect((await screen.findByRole('alert')).textContent).toBe(t.publish.failed);
  });

  it('deletes after a confirmation and removes the template from the list', async () => {
    const { fake } = await openPage(
      projektleiter,
      server([STANDARD, BATH], { [`DELETE /api/templates/${BATH.id}`]: { body: { message: 'ok' } } }),
    );
    fireEvent.click(screen.getByRole('button', { name: t.actions.deleteLabel('Badsanierung') }));
    const dialog = within(screen.getByRole('dialog', { name: t.delete.title }));
    expect(dialog.getByText(t.delete.question('Badsanierung'))).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: de.actions.delete }));

    await waitFor(() => expect(section(t.personalTemplates).getByText(t.empty)).toBeTruthy());
    expect(fake.calls(`DELETE /api/templates/${BATH.id}`)).toHaveLength(1);
  });

  it.each([
    [403, t.delete.forbidden],
    [500, t.delete.failed],
  ])('shows the German message when deleting fails with %s', async (status, message) => {
    await openPage(
      projektleiter,
      server([BATH], { [`DELETE /api/templates/${BATH.id}`]: { status, body: { message: 'x' } } }),
    );
    fireEvent.click(screen.getByRole('button', { name: t.actions.deleteLabel('Badsanierung') }));
    fireEvent.click(screen.getByRole('button', { name: de.actions.delete }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(section(t.personalTemplates).getByRole('listitem', { name: 'Badsanierung' })).toBeTruthy();
  });
});

describe('/templates: settings', () => {
  it("opens the settings with the tabs 'Tags' and 'Kundentypen'", async () => {
    await openPage(
      projektleiter,
      server([STANDARD], {
        'GET /api/customer-types': { body: ['Allgemein'] },
        'GET /api/tags': { body: [] },
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: t.settings }));
    const dialog = within(screen.getByRole('dialog', { name: t.settingsTitle }));
    expect(await dialog.findByRole('tab', { name: 'Tags' })).toBeTruthy();
    expect(dialog.getByRole('tab', { name: 'Kundentypen' })).toBeTruthy();
  });
});
