import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProjectDeltaRequest, ProjectDocument } from '@werkboard/common';
import { de } from '@werkboard/common';
import { networkFailure } from '../../../test/fakeFetch';
import { drawStroke, layOut } from '../../../test/pointer';
import { renderApp } from '../../../test/renderApp';
import {
  API_PATH,
  buildProject,
  CARD,
  cardIn,
  MEMBER_ID,
  owner,
  PROJECT_PATH,
  projectServer,
  watchLog,
  timeEntry,
} from '../../../test/project';
import { findLoadedDialog } from '../../../test/dialogs';

const m = de.projects.signoff;
const TIME_ID = 'cccccccc-0000-4000-8000-0000000000a1';
const MATERIAL_ID = 'cccccccc-0000-4000-8000-0000000000b1';

/** 'Kabel ziehen' with max's 2 hours and 3 m cable, nothing signed yet. */
function projectWithEntries(): ProjectDocument {
  const document = buildProject();
  const card = cardIn(document, CARD.cable)!.card;
  card.timeEntries = [timeEntry(TIME_ID, MEMBER_ID, 'max', 2)];
  card.materialEntries = [{ id: MATERIAL_ID, rev: 1, quantity: 3, unit: 'm', name: 'NYM 3x1,5' }];
  return document;
}

async function openSignoff(routes: Parameters<typeof projectServer>[1] = {}) {
  const fake = projectServer(projectWithEntries(), routes);
  const app = renderApp(PROJECT_PATH, { user: owner, fake });
  const log = watchLog(app.store);
  fireEvent.click(await screen.findByRole('article', { name: 'Kabel ziehen' }));
  const task = await findLoadedDialog('Kabel ziehen');
  fireEvent.click(task.getByRole('button', { name: m.title }));
  const dialog = within(screen.getByRole('dialog', { name: m.title }));
  return { ...app, fake, task, dialog, log };
}

/** The customer's signature: one stroke with the finger across the pad (300x100 CSS pixels). */
function sign(dialog: Pick<typeof screen, 'getByRole'>) {
  const canvas = dialog.getByRole('img', { name: m.padLabel });
  layOut(canvas, 300, 100);
  drawStroke(canvas, [
    [20, 80],
    [150, 20],
    [280, 70],
  ]);
}

function sealedTable(task: Pick<typeof screen, 'getByRole'>, tab: string, table: string) {
  fireEvent.click(task.getByRole('tab', { name: tab }));
  return within(task.getByRole('table', { name: table }));
}

describe('Abnahme durch den Kunden (card)', () => {
  it('shows what it covers and refuses to sign without a name or a signature', async () => {
    const { fake, dialog } = await openSignoff();
    const covered = within(dialog.getByRole('region', { name: m.coverageLabel }));
    expect(covered.getByText(m.coveredTime('02.03.2026', 'max', '2,00', 'Kabel ziehen'))).toBeTruthy();
    expect(covered.getByText(m.coveredMaterial('3 m', 'NYM 3x1,5', 'Kabel ziehen'))).toBeTruthy();

    fireEvent.click(dialog.getByRole('button', { name: m.sign }));
    expect(dialog.getByText(m.signerRequired)).toBeTruthy();
    expect(dialog.getByText(m.signatureRequired)).toBeTruthy();
    // A name of blanks is no name; the signature alone is not enough.
    fireEvent.change(dialog.getByLabelText(m.signerLabel), { target: { value: '   ' } });
    sign(dialog);
    fireEvent.click(dialog.getByRole('button', { name: m.sign }));
    expect(dialog.getByText(m.signerRequired)).toBeTruthy();
    expect(dialog.queryByText(m.signatureRequired)).toBeNull();
    // 'Löschen' clears the pad: the signature is required again.
    fireEvent.change(dialog.getByLabelText(m.signerLabel), { target: { value: 'Erika Kundin' } });
    fireEvent.click(dialog.getByRole('button', { name: m.clear }));
    fireEvent.click(dialog.getByRole('button', { name: m.sign }));
    expect(dialog.getByText(m.signatureRequired)).toBeTruthy();
    await act(() => Promise.resolve());
    expect(fake.server.saved).toHaveLength(0);
  });

  it('saves the sign-off over the open entries, then shows it and seals them (lock, no delete)', async () => {
    const { fake, task, dialog, log } = await openSignoff();
    fireEvent.change(dialog.getByLabelText(m.signerLabel), { target: { value: ' Erika Kundin ' } });
    sign(dialog);
    fireEvent.click(dialog.getByRole('button', { name: m.sign }));
    expect(screen.queryByRole('dialog', { name: m.title })).toBeNull();

    await waitFor(() => expect(fake.server.saved).toHaveLength(1));
    const [signoff] = fake.server.saved[0]!.signoffs;
    expect(signoff).toMatchObject({
      cardId: CARD.cable,
      signerName: 'Erika Kundin',
      signature: 'M40 160 L300 40 L560 140',
      coveredTimeEntryIds: [TIME_ID],
      coveredMaterialEntryIds: [MATERIAL_ID],
    });
    expect(log[0]!.action).toBe(de.projects.log.signoffAdded('Erika Kundin', de.projects.entity.card('Kabel ziehen')));

    expect(task.getByText(/^Abgenommen von Erika Kundin am \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/)).toBeTruthy();
    // The signed card offers no delete; the server would refuse it.
    expect(task.queryByRole('button', { name: de.board.task.deleteTask })).toBeNull();
    expect(task.getByText(m.cardSealed)).toBeTruthy();
    const times = sealedTable(task, de.board.task.tabTimes, de.board.times.listLabel);
    expect(times.getByText(m.sealedTitle)).toBeTruthy();
    expect(times.queryByRole('button', { name: de.board.times.delete('02.03.2026', 'max') })).toBeNull();
    const material = sealedTable(task, de.board.task.tabMaterial, de.board.material.listLabel);
    expect(material.getByText(m.sealedTitle)).toBeTruthy();
    expect(material.queryAllByRole('button', { name: /löschen/ })).toEqual([]);
    // A second sign-off of the card covers nothing: it is all sealed.
    fireEvent.click(task.getByRole('button', { name: m.title }));
    expect(within(screen.getByRole('dialog', { name: m.title })).getByText(m.coversNothing)).toBeTruthy();
  });

  it('offline, goes into the outbox like any save and shows on the card at once', async () => {
    const { store, extra, task, dialog } = await openSignoff({ [`PATCH ${API_PATH}`]: networkFailure() });
    fireEvent.change(dialog.getByLabelText(m.signerLabel), { target: { value: 'Erika Kundin' } });
    sign(dialog);
    fireEvent.click(dialog.getByRole('button', { name: m.sign }));

    await waitFor(() => expect(store.getState().sync.pending).toBe(1));
    const { pending } = await extra.sync.loaded().then((local) => local.loadQueue());
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ method: 'PATCH', path: API_PATH.replace(/^\/api/, ''), userId: owner.id });
    // The delta carries the sign-off; the queued copy shows it offline.
    const delta = pending[0]!.body as ProjectDeltaRequest;
    expect(delta.signoffs).toEqual([expect.objectContaining({ signerName: 'Erika Kundin' })]);
    const queued = pending[0]!.document!;
    expect(queued.signoffs).toEqual([
      expect.objectContaining({ signerName: 'Erika Kundin', coveredTimeEntryIds: [TIME_ID] }),
    ]);
    expect(task.getByText(/^Abgenommen von Erika Kundin am /)).toBeTruthy();
  });
});
