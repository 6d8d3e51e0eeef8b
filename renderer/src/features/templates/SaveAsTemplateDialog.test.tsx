import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CurrentUserDto, TemplateSummaryDto } from '@werkboard/common';
import { de } from '@werkboard/common';
import type { FakeRoute } from '../../test/fakeFetch';
import { buildUser } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { buildProject, COLUMN, owner, PROJECT_ID, PROJECT_PATH, projectServer } from '../../test/project';
import { findLoadedDialog } from '../../test/dialogs';

const t = de.templatesScreen;
const s = t.saveAsTemplate;
const SAVE_PATH = 'POST /api/templates/save-from-project';

const answer: TemplateSummaryDto = {
  id: '40000000-0000-4000-8000-000000000001',
  name: 'Bad-Vorlage',
  description: '',
  icon: 'home',
  customerType: 'Privatkunde',
  ownerId: owner.id,
  ownerUsername: 'paula',
  columnTitles: ['To Do', 'In Bearbeitung', 'Erledigt'],
};

async function openDialog(user: CurrentUserDto = owner, routes: Record<string, FakeRoute> = {}) {
  const fake = projectServer(buildProject({ description: 'Altbau' }), {
    'GET /api/customer-types': { body: ['Allgemein', 'Privatkunde'] },
    [SAVE_PATH]: { status: 201, body: answer },
    ...routes,
  });
  const view = renderApp(PROJECT_PATH, { user, fake });
  await screen.findByTestId(`column-${COLUMN.todo}`);
  fireEvent.click(screen.getByRole('button', { name: s.button }));
  const dialog = await findLoadedDialog(s.title);
  await dialog.findByRole('option', { name: 'Privatkunde' });
  return { ...view, fake, dialog };
}

describe("'Als Vorlage speichern' from the board", () => {
  it('starts with the project’s name, description and customer type and sends a personal template', async () => {
    const { dialog, fake } = await openDialog();
    expect(dialog.getByLabelText<HTMLInputElement>(s.name).value).toBe('Bad Müller');
    expect(dialog.getByLabelText<HTMLTextAreaElement>(`${s.description} ${de.actions.optional}`).value).toBe('Altbau');
    expect(dialog.getByLabelText<HTMLSelectElement>(s.customerType).value).toBe('Allgemein');
    // Global is for Admin and Firmenleiter only.
    expect(dialog.queryByRole('checkbox', { name: s.global })).toBeNull();

    fireEvent.change(dialog.getByLabelText(s.name), { target: { value: '  Bad-Vorlage ' } });
    fireEvent.change(dialog.getByLabelText(s.customerType), { target: { value: 'Privatkunde' } });
    fireEvent.click(dialog.getByRole('button', { name: s.submit }));

    expect((await dialog.findByRole('status')).textContent).toBe(s.success('Bad-Vorlage'));
    expect(fake.calls(SAVE_PATH)[0]!.body).toEqual({
      project: PROJECT_ID,
      name: 'Bad-Vorlage',
      description: 'Altbau',
      customerType: 'Privatkunde',
      ownerId: owner.id,
    });
  });

  it('sends ownerId null for a global template (Firmenleiter)', async () => {
    const chief = buildUser('Firmenleiter', { id: owner.id, username: 'paula' });
    const { dialog, fake } = await openDialog(chief);
    fireEvent.click(dialog.getByRole('checkbox', { name: s.global }));
    fireEvent.click(dialog.getByRole('button', { name: s.submit }));
    await waitFor(() => expect(fake.calls(SAVE_PATH)).toHaveLength(1));
    expect(fake.calls(SAVE_PATH)[0]!.body).toMatchObject({ name: 'Bad Müller', ownerId: null });
  });

  it('refuses a blank name and sends nothing', async () => {
    const { dialog, fake } = await openDialog();
    fireEvent.change(dialog.getByLabelText(s.name), { target: { value: '   ' } });
    fireEvent.click(dialog.getByRole('button', { name: s.submit }));
    expect(dialog.getByText(de.projects.nameRequired)).toBeTruthy();
    expect(fake.calls(SAVE_PATH)).toHaveLength(0);
  });

  it('opens the limit dialog at the Free limit of templates', async () => {
    const { dialog } = await openDialog(owner, {
      [SAVE_PATH]: { status: 403, body: { message: 'Limit', code: 'limit_reached', limit: 'templates' } },
    });
    fireEvent.click(dialog.getByRole('button', { name: s.submit }));
    const limit = await screen.findByRole('dialog', { name: de.limits.templates });
    expect(within(limit).getByText(de.limits.text)).toBeTruthy();
  });

  it.each([
    [{ status: 400, body: { message: 'Der Projektname ist erforderlich.' } }, 'Der Projektname ist erforderlich.'],
    [{ status: 500, body: '' }, s.failed],
  ])('shows the server message or the German fallback', async (route, message) => {
    const { dialog } = await openDialog(owner, { [SAVE_PATH]: route });
    fireEvent.click(dialog.getByRole('button', { name: s.submit }));
    expect((await dialog.findByRole('alert')).textContent).toBe(message);
  });

  it('is not offered without can_manage_templates', async () => {
    const fake = projectServer(buildProject());
    renderApp(PROJECT_PATH, { user: buildUser('Monteur', { id: owner.id }), fake });
    await screen.findByTestId(`column-${COLUMN.todo}`);
    expect(screen.queryByRole('button', { name: s.button })).toBeNull();
  });
});

describe("'Als Vorlage speichern' in the edit modal", () => {
  it("sits in 'Aktionen & Verwaltung' and opens the dialog", async () => {
    const fake = projectServer(buildProject(), { 'GET /api/customer-types': { body: ['Allgemein'] } });
    renderApp(PROJECT_PATH, { user: owner, fake });
    await screen.findByTestId(`column-${COLUMN.todo}`);
    fireEvent.click(screen.getByRole('button', { name: de.board.buttons.edit }));
    await findLoadedDialog(de.projectPanels.edit.title);
    fireEvent.click(screen.getByRole('button', { name: 'Aktionen & Verwaltung' }));
    // The header's button of the same name is behind the modal (inert, hidden).
    fireEvent.click(screen.getByRole('button', { name: s.button }));
    const dialog = await findLoadedDialog(s.title);
    expect(dialog.getByLabelText<HTMLInputElement>(s.name).value).toBe(buildProject().name);
    expect(await dialog.findByRole('option', { name: 'Allgemein' })).toBeTruthy();
  });
});
