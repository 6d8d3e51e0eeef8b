import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CurrentUserDto, TagDto } from '@werkboard/common';
import { buildUser } from '../../test/fixtures';
import type { FakeRoute } from '../../test/fakeFetch';
import { createFakeFetch } from '../../test/fakeFetch';
import { renderWithProviders } from '../../test/renderApp';
import { CustomerTypesAndTagsTabs } from './CustomerTypesAndTagsTabs';

const TAGS: TagDto[] = [
  { id: 't-1', customerType: 'Allgemein', label: 'Dringend', color: 'red', priority: 3 },
  { id: 't-2', customerType: 'Allgemein', label: 'Material fehlt', color: 'amber', priority: 1 },
  { id: 't-3', customerType: 'Privatkunde', label: 'Stammkunde', color: 'green', priority: 2 },
];

function setup(routes: Record<string, FakeRoute> = {}, user: CurrentUserDto = buildUser('Admin')) {
  const fake = createFakeFetch({
    'GET /api/customer-types': { body: ['Allgemein', 'Privatkunde', 'Großkunde'] },
    'GET /api/tags': { body: TAGS },
    ...routes,
  });
  const view = renderWithProviders(<CustomerTypesAndTagsTabs />, { user, fake });
  return { ...view, fake };
}

const openTypes = async () => fireEvent.click(await screen.findByRole('tab', { name: 'Kundentypen' }));
const typeList = () => within(screen.getByRole('list', { name: 'Kundentypen' }));
const tagList = (type: string) => within(screen.getByRole('list', { name: `Tags von „${type}“` }));
const addTypeForm = () => within(screen.getByRole('form', { name: 'Kundentyp hinzufügen' }));
const addTagForm = () => within(screen.getByRole('form', { name: 'Tag hinzufügen' }));

describe('CustomerTypesAndTagsTabs: Kundentypen', () => {
  it('lists the types; Allgemein can be neither renamed nor deleted', async () => {
    setup();
    await openTypes();

    const allgemein = within(typeList().getByRole('listitem', { name: 'Allgemein' }));
    expect(allgemein.getByText('Standard')).toBeTruthy();
    expect(allgemein.getByText('2 Tags')).toBeTruthy();
    expect(allgemein.queryByRole('button')).toBeNull();
    const privat = within(typeList().getByRole('listitem', { name: 'Privatkunde' }));
    expect(privat.getByRole('button', { name: 'Kundentyp „Privatkunde“ umbenennen' })).toBeTruthy();
    expect(privat.getByRole('button', { name: 'Kundentyp „Privatkunde“ löschen' })).toBeTruthy();
  });

  it('refuses an empty or taken name with the combined message, then adds a new type', async () => {
    const { fake } = setup({ 'POST /api/customer-types': { status: 201, body: { name: 'Industriekunde' } } });
    await openTypes();
    const add = () => fireEvent.click(addTypeForm().getByRole('button', { name: 'Kundentyp hinzufügen' }));

    add();
    expect(addTypeForm().getByText('Kundentyp darf nicht leer sein oder bereits existieren.')).toBeTruthy();
    fireEvent.change(addTypeForm().getByLabelText('Neuer Kundentyp'), { target: { value: ' großKUNDE ' } });
    add();
    expect(addTypeForm().getByText('Kundentyp darf nicht leer sein oder bereits existieren.')).toBeTruthy();
    expect(fake.calls('POST /api/customer-types')).toHaveLength(0);

    fireEvent.change(addTypeForm().getByLabelText('Neuer Kundentyp'), { target: { value: 'Industriekunde' } });
    add();

    expect(await typeList().findByRole('listitem', { name: 'Industriekunde' })).toBeTruthy();
    expect(fake.calls('POST /api/customer-types')[0]?.body).toEqual({ name: 'Industriekunde', copyTagsFrom: null });
    expect(addTypeForm().getByLabelText<HTMLInputElement>('Neuer Kundentyp').value).toBe('');
  });

  it('copies the tags of another type on creation and shows them in the Tags tab', async () => {
    let created = false;
    const { fake } = setup({
      'POST /api/customer-types': () => {
        created = true;
        return { status: 201, body: { name: 'Hausverwaltung' } };
      },
      'GET /api/tags': () => ({
        body: created
          ? [...TAGS, { id: 't-9', customerType: 'Hausverwaltung', label: 'Stammkunde', color: 'green', priority: 2 }]
          : TAGS,
      }),
    });
    await openTypes();
    fireEvent.change(addTypeForm().getByLabelText('Neuer Kundentyp'), { target: { value: 'Hausverwaltung' } });
    fireEvent.change(addTypeForm().getByLabelText(/Tags übernehmen von/), { target: { value: 'Privatkunde' } });
    fireEvent.click(addTypeForm().getByRole('button', { name: 'Kundentyp hinzufügen' }));

    const item = await typeList().findByRole('listitem', { name: 'Hausverwaltung' });
    await waitFor(() => expect(within(item).getByText('1 Tag')).toBeTruthy());
    expect(fake.calls('POST /api/customer-types')[0]?.body).toEqual({
      name: 'Hausverwaltung',
      copyTagsFrom: 'Privatkunde',
    });
  });

  it('renames a type (its tags follow) after the checks', async () => {
    const { fake } = setup({ 'PUT /api/customer-types/Privatkunde': { body: { name: 'Privatkunden' } } });
    await openTypes();

    fireEvent.click(typeList().getByRole('button', { name: 'Kundentyp „Privatkunde“ umbenennen' }));
    const field = typeList().getByLabelText('Neuer Name für „Privatkunde“');
    fireEvent.change(field, { target: { value: 'allgemein' } });
    fireEvent.click(typeList().getByRole('button', { name: 'Umbenennen' }));
    expect(typeList().getByText('Kundentyp darf nicht leer sein oder bereits existieren.')).toBeTruthy();

    fireEvent.change(field, { target: { value: ' Privatkunden ' } });
    fireEvent.click(typeList().getByRole('button', { name: 'Umbenennen' }));

    const renamed = await typeList().findByRole('listitem', { name: 'Privatkunden' });
    expect(within(renamed).getByText('1 Tag')).toBeTruthy();
    expect(fake.calls('PUT /api/customer-types/Privatkunde')[0]?.body).toEqual({ name: 'Privatkunden' });
    expect(typeList().queryByRole('listitem', { name: 'Privatkunde' })).toBeNull();
  });

  it('deletes a type after a confirmation that says its tags go too', async () => {
    const { fake } = setup({
      'DELETE /api/customer-types/Privatkunde': { body: { message: 'Der Kundentyp und seine Tags wurden gelöscht.' } },
    });
    await openTypes();

    fireEvent.click(typeList().getByRole('button', { name: 'Kundentyp „Privatkunde“ löschen' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Kundentyp löschen' }));
    expect(dialog.getByText('Möchten Sie den Kundentyp „Privatkunde“ wirklich löschen?')).toBeTruthy();
    expect(dialog.getByText(/Alle Tags dieses Kundentyps werden ebenfalls gelöscht/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Löschen' }));

    await waitFor(() => expect(typeList().queryByRole('listitem', { name: 'Privatkunde' })).toBeNull());
    expect(fake.calls('DELETE /api/customer-types/Privatkunde')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("keeps the dialog open with the server's message when the delete fails", async () => {
    setup({
      'DELETE /api/customer-types/Gro%C3%9Fkunde': {
        status: 403,
        body: { message: 'Keine Berechtigung, Kundentypen und Tags zu verwalten.' },
      },
    });
    await openTypes();
    fireEvent.click(typeList().getByRole('button', { name: 'Kundentyp „Großkunde“ löschen' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Kundentyp löschen' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Löschen' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(
      'Keine Berechtigung, Kundentypen und Tags zu verwalten.',
    );
  });
});

describe('CustomerTypesAndTagsTabs: Tags', () => {
  it("lists the chosen type's tags with colour and priority and switches types", async () => {
    setup();

    const dringend = within(await screen.findByRole('listitem', { name: 'Dringend' }));
    expect(dringend.getByText('Rot')).toBeTruthy();
    expect(dringend.getByText('Priorität: Sofort')).toBeTruthy();
    expect(tagList('Allgemein').getAllByRole('listitem')).toHaveLength(2);

    fireEvent.change(screen.getByLabelText('Kundentyp'), { target: { value: 'Privatkunde' } });
    expect(tagList('Privatkunde').getByRole('listitem', { name: 'Stammkunde' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Kundentyp'), { target: { value: 'Großkunde' } });
    expect(screen.getByText('Für diesen Kundentyp sind noch keine Tags angelegt.')).toBeTruthy();
  });

  it('ignores an empty label, refuses a taken one and adds a tag with colour and priority', async () => {
    const { fake } = setup({
      'POST /api/tags': ({ body }) => ({ status: 201, body: { id: 't-new', ...(body as object) } }),
    });
    await screen.findByRole('listitem', { name: 'Dringend' });
    const add = () => fireEvent.click(addTagForm().getByRole('button', { name: 'Tag hinzufügen' }));

    fireEvent.change(addTagForm().getByLabelText('Bezeichnung'), { target: { value: '   ' } });
    add();
    fireEvent.change(addTagForm().getByLabelText('Bezeichnung'), { target: { value: ' DRINGEND ' } });
    add();
    expect(
      addTagForm().getByText('Ein Tag mit dieser Bezeichnung existiert für diesen Kundentyp bereits.'),
    ).toBeTruthy();
    expect(fake.calls('POST /api/tags')).toHaveLength(0);

    fireEvent.change(addTagForm().getByLabelText('Bezeichnung'), { target: { value: ' Abnahme ' } });
    fireEvent.click(addTagForm().getByRole('radio', { name: 'Blau' }));
    fireEvent.change(addTagForm().getByLabelText('Priorität'), { target: { value: '4' } });
    add();

    const added = within(await tagList('Allgemein').findByRole('listitem', { name: 'Abnahme' }));
    expect(added.getByText('Priorität: Höchste Priorität')).toBeTruthy();
    expect(fake.calls('POST /api/tags')[0]?.body).toEqual({
      customerType: 'Allgemein',
      label: 'Abnahme',
      color: 'blue',
      priority: 4,
    });
  });

  it('offers the 18 colours and the five priorities', async () => {
    setup();
    await screen.findByRole('listitem', { name: 'Dringend' });
    expect(addTagForm().getAllByRole('radio')).toHaveLength(18);
    expect(
      within(addTagForm().getByLabelText('Priorität'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Unwichtig', 'Normal', 'Wichtig', 'Sofort', 'Höchste Priorität']);
  });

  it('changes label, colour and priority of a tag, sending only what changed', async () => {
    const { fake } = setup({
      'PUT /api/tags/t-2': ({ body }) => ({ body: { ...TAGS[1], ...(body as object) } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Tag „Material fehlt“ bearbeiten' }));
    const form = within(screen.getByRole('form', { name: 'Tag „Material fehlt“ bearbeiten' }));

    fireEvent.change(form.getByLabelText('Bezeichnung'), { target: { value: 'dringend' } });
    fireEvent.click(form.getByRole('button', { name: 'Speichern' }));
    expect(form.getByText('Ein Tag mit dieser Bezeichnung existiert für diesen Kundentyp bereits.')).toBeTruthy();

    fireEvent.change(form.getByLabelText('Bezeichnung'), { target: { value: 'Material bestellt' } });
    fireEvent.click(form.getByRole('radio', { name: 'Grün' }));
    fireEvent.change(form.getByLabelText('Priorität'), { target: { value: '0' } });
    fireEvent.click(form.getByRole('button', { name: 'Speichern' }));

    const changed = within(await tagList('Allgemein').findByRole('listitem', { name: 'Material bestellt' }));
    expect(changed.getByText('Grün')).toBeTruthy();
    expect(changed.getByText('Priorität: Unwichtig')).toBeTruthy();
    expect(fake.calls('PUT /api/tags/t-2')[0]?.body).toEqual({
      label: 'Material bestellt',
      color: 'green',
      priority: 0,
    });
  });

  it('deletes a tag after the confirmation', async () => {
    const { fake } = setup({ 'DELETE /api/tags/t-1': { body: { message: 'Der Tag wurde gelöscht.' } } });
    fireEvent.click(await screen.findByRole('button', { name: 'Tag „Dringend“ löschen' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Tag löschen' }));
    expect(dialog.getByText('Möchten Sie den Tag „Dringend“ wirklich löschen?')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Löschen' }));

    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Dringend' })).toBeNull());
    expect(fake.calls('DELETE /api/tags/t-1')).toHaveLength(1);
  });
});

describe('CustomerTypesAndTagsTabs: read-only and loading', () => {
  it('shows the lists without editing to a user without can_manage_customer_types', async () => {
    setup({}, buildUser('Monteur'));
    await screen.findByRole('listitem', { name: 'Dringend' });
    expect(screen.getByText(/können nur mit der Berechtigung/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Tag „Dringend“ bearbeiten' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Tag hinzufügen' })).toBeNull();

    await openTypes();
    expect(typeList().getByRole('listitem', { name: 'Privatkunde' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Kundentyp „Privatkunde“ löschen' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Kundentyp hinzufügen' })).toBeNull();
  });

  it('says when the lists could not be loaded', async () => {
    setup({ 'GET /api/tags': { status: 500, body: { message: 'kaputt' } } });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Kundentypen und Tags konnten nicht geladen werden.',
    );
  });
});
