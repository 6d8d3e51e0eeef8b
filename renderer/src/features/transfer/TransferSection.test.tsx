import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CurrentUserDto, ImportResult } from '@werkboard/common';
import { BACKUP_TYPE, de, IMPORT_MAX_BYTES } from '@werkboard/common';
import type { SaveFile } from '../../platform/fileSave';
import { buildUser } from '../../test/fixtures';
import type { FakeRoute } from '../../test/fakeFetch';
import { createFakeFetch } from '../../test/fakeFetch';
import { createTestStore, renderWithProviders } from '../../test/renderApp';
import { TransferSection } from './TransferSection';

const m = de.transfer;
const t = m.screen;

function setup(user: CurrentUserDto, routes: Record<string, FakeRoute> = {}) {
  const fake = createFakeFetch(routes);
  const context = createTestStore({ user, fake });
  const saved: { name: string; text: string; mime: string }[] = [];
  const saveFile: SaveFile = (name, bytes, mime) => {
    saved.push({ name, text: new TextDecoder().decode(bytes), mime });
    return Promise.resolve('saved');
  };
  context.extra.saveFile = saveFile;
  renderWithProviders(<TransferSection />, { user, fake }, context);
  return { fake, saved };
}

/** The FileReader's view of a sent body (jsdom's Blob has no text()). */
function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });
}

const jsonFile = (content: string, name = 'Werkboard-projects-2026-03-01.json') =>
  new File([content], name, { type: 'application/json' });

function form(title: string) {
  return within(screen.getByRole('heading', { name: title }).closest('form')!);
}

function choose(title: string, file: File) {
  fireEvent.change(form(title).getByLabelText(t.fileLabel), { target: { files: [file] } });
}

const RESULT: ImportResult = {
  mode: 'merge',
  imported: { projects: 2, customerTypes: 1 },
  changes: ['3 Kennungen waren keine UUIDs und wurden einheitlich neu vergeben.'],
};

describe('settings: import/export', () => {
  it('lets a Helfer export the types but neither the backup nor any import', () => {
    setup(buildUser('Helfer'));
    for (const what of [t.kinds.projects, t.kinds.templates, t.kinds.customerTypes, t.kinds.tags])
      expect(screen.getByRole('button', { name: t.exportButton(what) })).toBeTruthy();
    expect(screen.queryByRole('button', { name: t.exportBackupButton })).toBeNull();
    expect(screen.queryByRole('heading', { name: t.importTitle })).toBeNull();
    expect(screen.queryByRole('heading', { name: t.backupTitle })).toBeNull();
  });

  it('lets a Firmenleiter merge customer types and tags only, without the replace mode', () => {
    setup(buildUser('Firmenleiter'));
    const options = form(t.importTitle)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual([t.kinds.customerTypes, t.kinds.tags]);
    expect(form(t.importTitle).queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('heading', { name: t.backupTitle })).toBeNull();
  });

  it('saves an export under the spec name with the server text as it came', async () => {
    const { saved } = setup(buildUser('Admin'), {
      'GET /api/tags/export': { body: '{"Allgemein":[]}' },
    });
    fireEvent.click(screen.getByRole('button', { name: t.exportButton(t.kinds.tags) }));
    await screen.findByText(/wurde gespeichert/);
    expect(saved).toHaveLength(1);
    expect(saved[0]?.name).toMatch(/^Werkboard-tags-\d{4}-\d{2}-\d{2}\.json$/);
    expect(saved[0]?.text).toBe('{"Allgemein":[]}');
    expect(saved[0]?.mime).toBe('application/json');
  });

  it("says 'Fehler beim Exportieren' when the export fails", async () => {
    setup(buildUser('Admin'), {
      'GET /api/backup/export': { status: 500, body: { message: 'Interner Fehler' } },
    });
    fireEvent.click(screen.getByRole('button', { name: t.exportBackupButton }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(m.exportFailed);
    expect(alert.textContent).toContain('Interner Fehler');
  });

  it('saves nothing when the answer broke off', async () => {
    const { saved } = setup(buildUser('Admin'), {
      'GET /api/backup/export': { body: '{"type":"Werkboard-backup","version":2,"data":{"projects":[{"id"' },
    });
    fireEvent.click(screen.getByRole('button', { name: t.exportBackupButton }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(m.exportFailed);
    expect(alert.textContent).toContain(t.exportIncomplete);
    expect(saved).toEqual([]);
  });

  it('refuses a file that is no JSON, or JSON of another kind, before anything is sent', async () => {
    const { fake } = setup(buildUser('Admin'));
    choose(t.importTitle, jsonFile('{kaputt'));
    fireEvent.click(form(t.importTitle).getByRole('button', { name: t.importButton }));
    expect((await screen.findByRole('alert')).textContent).toBe(m.notJsonFile(t.kinds.projects));

    choose(t.importTitle, jsonFile('{"name":"kein Array"}'));
    fireEvent.click(form(t.importTitle).getByRole('button', { name: t.importButton }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(`${m.notJsonFile(t.kinds.projects)} ${m.projectsInvalid}`),
    );
    expect(fake.requests).toHaveLength(0);
  });

  it('imports after the confirmation with the chosen mode, the file sent as it is, and shows the report', async () => {
    const content = '\uFEFF[{"id":"p-1","name":"Altbau","columns":[]}]';
    const { fake } = setup(buildUser('Admin'), { 'POST /api/projects/import': { body: RESULT } });
    choose(t.importTitle, jsonFile(content));
    fireEvent.click(form(t.importTitle).getByRole('radio', { name: t.modeReplace }));
    fireEvent.click(form(t.importTitle).getByRole('button', { name: t.importButton }));

    const confirm = within(await screen.findByRole('dialog', { name: t.confirmImportTitle }));
    expect(confirm.getByText(t.confirmReplace)).toBeTruthy();
    fireEvent.click(confirm.getByRole('button', { name: t.confirmButton }));

    const report = await screen.findByText(t.done);
    const box = within(report.parentElement!);
    expect(box.getByText(`${t.importedCounts.projects}: 2`)).toBeTruthy();
    expect(box.getByText(`${t.importedCounts.customerTypes}: 1`)).toBeTruthy();
    expect(box.getByText(RESULT.changes[0]!)).toBeTruthy();

    const [sent] = fake.calls('POST /api/projects/import');
    expect(sent?.headers['Content-Type']).toBe('application/json');
    // The byte order mark is left out; the rest is the file, wrapped in {mode, data}.
    expect(JSON.parse(await textOf(sent!.file!))).toEqual({
      mode: 'replace',
      data: [{ id: 'p-1', name: 'Altbau', columns: [] }],
    });
  });

  it("restores a backup and shows the server's refusal as 'Fehler beim Import: …'", async () => {
    const backup = JSON.stringify({ type: BACKUP_TYPE, version: 2, timestamp: '', data: {} });
    setup(buildUser('Admin'), {
      'POST /api/backup/import': { status: 400, body: { message: m.backupInvalid } },
    });
    choose(t.backupTitle, jsonFile(backup, 'Werkboard-backup-2026-03-01.json'));
    fireEvent.click(form(t.backupTitle).getByRole('button', { name: t.backupButton }));
    const confirm = within(await screen.findByRole('dialog', { name: t.confirmBackupTitle }));
    expect(confirm.getByText(t.confirmBackup('Werkboard-backup-2026-03-01.json'))).toBeTruthy();
    fireEvent.click(confirm.getByRole('button', { name: t.confirmBackupButton }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(m.importFailed(m.backupInvalid)));
  });

  it('refuses a file above the import limit without reading or sending it', async () => {
    const { fake } = setup(buildUser('Admin'));
    const huge = jsonFile('[]');
    Object.defineProperty(huge, 'size', { value: IMPORT_MAX_BYTES + 1 });
    choose(t.importTitle, huge);
    fireEvent.click(form(t.importTitle).getByRole('button', { name: t.importButton }));
    expect((await screen.findByRole('alert')).textContent).toBe(t.fileTooLarge);
    expect(fake.requests).toHaveLength(0);
  });

  it('asks for a file first', async () => {
    setup(buildUser('Admin'));
    fireEvent.click(form(t.backupTitle).getByRole('button', { name: t.backupButton }));
    expect((await screen.findByRole('alert')).textContent).toBe(t.fileMissing);
  });
});
