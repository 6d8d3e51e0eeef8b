import { act, fireEvent, screen, within } from '@testing-library/react';
import type { ProjectGroupDto } from '@werkboard/common';
import { buildUser } from '../../test/fixtures';
import { EditProjectDialog } from './EditProjectDialog';
import type { BoardOptions } from '../../test/board';
import { buildDocument, OWNER_ID, renderWithBoard } from '../../test/board';

const GROUPS: ProjectGroupDto[] = [
  { id: 'g-1', name: 'Altbau', description: '', color: '#3b82f6', icon: 'building', iconColor: '#ffffff' },
  { id: 'g-2', name: 'Neubau', description: '', color: '#22c55e', icon: 'home', iconColor: '#ffffff' },
];

const lifetimeOwner = buildUser('Projektleiter', { id: OWNER_ID, username: 'paula', licenseType: 'Lifetime' });

async function setup(options: BoardOptions = {}) {
  const onClose = jest.fn();
  const view = renderWithBoard(<EditProjectDialog onClose={onClose} />, {
    user: lifetimeOwner,
    ...options,
    routes: { 'GET /api/project-groups': { body: GROUPS }, ...options.routes },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Gruppierungen & Zuweisungen' }));
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  return { ...view, onClose };
}

const select = () => screen.getByLabelText<HTMLSelectElement>('Projektgruppe');

describe("the edit modal's Projektgruppe select", () => {
  it('offers Keine and the groups and puts the project into the chosen group on save', async () => {
    const { update, current, logs, onClose } = await setup();

    expect(
      within(select())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Keine', 'Altbau', 'Neubau']);
    expect(select().value).toBe('');
    fireEvent.change(select(), { target: { value: 'g-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));

    expect(update).toHaveBeenCalledTimes(1);
    expect(current().groupId).toBe('g-2');
    expect(logs).toEqual(['hat die Projektdaten bearbeitet (Projektgruppe).']);
    expect(onClose).toHaveBeenCalled();
  });

  it('takes the project out of its group with Keine', async () => {
    const { current } = await setup({ document: buildDocument({ groupId: 'g-1' }) });
    expect(select().value).toBe('g-1');
    fireEvent.change(select(), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(current().groupId).toBeNull();
  });

  it('does not touch the group when the select is left alone', async () => {
    const { update } = await setup({ document: buildDocument({ groupId: 'g-1' }) });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(update).not.toHaveBeenCalled();
  });

  it('is disabled on the Free license, with the reason', async () => {
    await setup({ user: buildUser('Projektleiter', { id: OWNER_ID, username: 'paula', licenseType: 'Free' }) });
    expect(select().disabled).toBe(true);
    expect(screen.getByText('Projektgruppen sind in der Free-Lizenz deaktiviert.')).toBeTruthy();
  });
});
