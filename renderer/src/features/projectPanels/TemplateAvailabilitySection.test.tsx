import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProjectDocument } from '@werkboard/common';
import { de } from '@werkboard/common';
import { buildUser } from '../../test/fixtures';
import { EditProjectDialog } from './EditProjectDialog';
import { buildDocument, OWNER_ID, owner, renderWithBoard } from '../../test/board';

const t = de.templatesScreen;
const e = de.projectPanels.edit;

const chief = buildUser('Firmenleiter', { id: OWNER_ID, username: 'paula' });

function template(overrides: Partial<ProjectDocument> = {}): ProjectDocument {
  return buildDocument({ isTemplate: true, projectNumber: '', memberIds: [], team: [], ...overrides });
}

async function setup(document: ProjectDocument, user = chief) {
  const view = renderWithBoard(<EditProjectDialog onClose={() => undefined} />, {
    document,
    user,
    routes: {
      [`POST /api/templates/${document.id}/publish`]: {
        body: { id: document.id, name: document.name, ownerId: null, ownerUsername: null },
      },
    },
  });
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  expect(screen.getByRole('dialog', { name: e.templateTitle })).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: e.availability }));
  return view;
}

describe("edit modal of a template: 'Verfügbarkeit'", () => {
  it('has no Projekt-Nr and no project actions', async () => {
    await setup(template());
    expect(screen.queryByLabelText(`${e.projectNumber} ${de.actions.optional}`)).toBeNull();
    expect(screen.queryByRole('button', { name: e.actions })).toBeNull();
  });

  it('publishes a personal template after the warning that it cannot be undone', async () => {
    const { fake } = await setup(template());
    expect(screen.getByText(e.personalTemplate('paula'))).toBeTruthy();
    const global = screen.getByRole('checkbox', { name: t.availability.global });
    expect((global as HTMLInputElement).checked).toBe(false);

    fireEvent.click(global);
    const confirm = within(screen.getByRole('dialog', { name: t.publish.title }));
    expect(confirm.getByText(t.publish.irreversible)).toBeTruthy();
    expect(fake.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
    fireEvent.click(confirm.getByRole('button', { name: t.publish.confirm }));

    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(t.publish.success('Bad Müller')));
    expect(fake.calls(`POST /api/templates/${template().id}/publish`)).toHaveLength(1);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: t.availability.global }).checked).toBe(true);
    expect(screen.getByRole('checkbox', { name: t.availability.global }).hasAttribute('disabled')).toBe(true);
  });

  it('does not publish when the warning is cancelled', async () => {
    const { fake } = await setup(template());
    fireEvent.click(screen.getByRole('checkbox', { name: t.availability.global }));
    const confirm = within(screen.getByRole('dialog', { name: t.publish.title }));
    fireEvent.click(confirm.getByRole('button', { name: de.actions.cancel }));
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: t.availability.global }).checked).toBe(false);
    expect(fake.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('shows a global template as global, for good', async () => {
    await setup(template({ ownerId: null, ownerUsername: null }));
    expect(screen.getByText(e.globalTemplate)).toBeTruthy();
    const global = screen.getByRole<HTMLInputElement>('checkbox', { name: t.availability.global });
    expect(global.checked).toBe(true);
    expect(global.disabled).toBe(true);
  });

  it('offers no global checkbox to a Projektleiter', async () => {
    await setup(template(), owner);
    expect(screen.getByText(e.personalTemplate('paula'))).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: t.availability.global })).toBeNull();
  });
});
