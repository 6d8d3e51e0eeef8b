import { fireEvent, screen, within } from '@testing-library/react';
import { deStart } from '@werkboard/common';
import type { SaveFile, SaveFileOutcome } from '../../platform/fileSave';
import { renderWithProviders } from '../../test/renderApp';
import { HelpDialog } from './HelpDialog';
import type { FetchBytes } from './manualDownload';
import { MANUAL_FILE } from './manualDownload';

const t = deStart.help;
const PDF = new TextEncoder().encode('%PDF-1.3\n%Werkboard-Handbuch\n');

function savingAs(outcome: SaveFileOutcome) {
  return jest.fn<ReturnType<SaveFile>, Parameters<SaveFile>>().mockResolvedValue(outcome);
}

function openHelp(fetchFile: FetchBytes, saveFile: SaveFile) {
  renderWithProviders(<HelpDialog onClose={jest.fn()} fetchFile={fetchFile} />, { saveFile });
  const dialog = within(screen.getByRole('dialog', { name: t.title }));
  fireEvent.click(dialog.getByRole('button', { name: t.manual }));
  return dialog;
}

describe('Hilfe/Impressum: the PDF user manual', () => {
  it('loads the manual beside the app and saves it as a PDF (the desktop: its save dialog)', async () => {
    const fetchFile = jest.fn<Promise<Uint8Array>, [string]>().mockResolvedValue(PDF);
    const saveFile = savingAs('saved');
    const dialog = openHelp(fetchFile, saveFile);

    expect((await dialog.findByRole('status')).textContent).toBe(t.manualSaved(MANUAL_FILE));
    expect(fetchFile).toHaveBeenCalledWith('Werkboard-Handbuch.pdf');
    expect(saveFile).toHaveBeenCalledWith('Werkboard-Handbuch.pdf', PDF, 'application/pdf');
    expect(dialog.getByRole<HTMLButtonElement>('button', { name: t.manual }).disabled).toBe(false);
  });

  it("says the browser's download has started", async () => {
    const dialog = openHelp(() => Promise.resolve(PDF), savingAs('downloaded'));
    expect((await dialog.findByRole('status')).textContent).toBe(t.manualDownloaded(MANUAL_FILE));
  });

  it('says nothing when the save dialog is canceled', async () => {
    const saveFile = savingAs('canceled');
    const dialog = openHelp(() => Promise.resolve(PDF), saveFile);
    await dialog.findByRole('button', { name: t.manual });
    expect(saveFile).toHaveBeenCalledTimes(1);
    expect(dialog.queryByRole('status')).toBeNull();
    expect(dialog.queryByRole('alert')).toBeNull();
  });

  it('shows the German error when the manual cannot be loaded, and saves nothing', async () => {
    const saveFile = savingAs('saved');
    const dialog = openHelp(() => Promise.reject(new Error('offline')), saveFile);
    expect((await dialog.findByRole('alert')).textContent).toBe(t.manualFailed);
    expect(saveFile).not.toHaveBeenCalled();
  });

  it('never saves something that is not a PDF (an error page answered with 200) as the manual', async () => {
    const saveFile = savingAs('saved');
    const page = new TextEncoder().encode('<!doctype html><title>Werkboard</title>');
    const dialog = openHelp(() => Promise.resolve(page), saveFile);
    expect((await dialog.findByRole('alert')).textContent).toBe(t.manualFailed);
    expect(saveFile).not.toHaveBeenCalled();
  });
});
