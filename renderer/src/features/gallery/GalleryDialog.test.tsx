import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ImageDto } from '@werkboard/common';
import { buildUser } from '../../test/fixtures';
import { TEST_DEVICE_ID, TEST_TOKEN } from '../../test/renderApp';
import { buildDocument, MEMBER_ID, renderWithBoard } from '../../test/board';
import { GalleryDialog } from './GalleryDialog';
import { DOWNLOAD_STAGGER_MS } from './imageFiles';
import type { InstalledImageFiles } from '../../test/images';
import { buildImage, imageFile, installImageFiles, PROJECT_ID } from '../../test/images';

const LIST = `GET /api/images/${PROJECT_ID}`;

let files: InstalledImageFiles;
beforeEach(() => {
  files = installImageFiles();
});
afterEach(() => {
  files.restore();
  jest.restoreAllMocks();
});

function openGallery(images: ImageDto[], options: Parameters<typeof renderWithBoard>[1] = {}) {
  return renderWithBoard(<GalleryDialog onClose={jest.fn()} />, {
    ...options,
    routes: { [LIST]: { body: images }, ...options.routes },
  });
}

function uploadInput() {
  return screen.getByLabelText<HTMLInputElement>('Bild hochladen');
}

function choose(file: File) {
  fireEvent.change(uploadInput(), { target: { files: [file] } });
}

function tile(name: string) {
  return within(screen.getByRole('listitem', { name }));
}

describe('GalleryDialog', () => {
  it('shows the thumbnails with their names, loaded with the bearer token through object URLs', async () => {
    const first = buildImage('Bad vorher.jpg');
    const second = buildImage('Bad nachher.png');
    openGallery([first, second]);

    expect(screen.getByRole('dialog', { name: 'Bildergalerie' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Bilder des Projekts' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['Bad vorher.jpg', 'Bad nachher.png']);
    expect(tile('Bad vorher.jpg').getByText('Bad vorher.jpg')).toBeTruthy();

    const image = await tile('Bad vorher.jpg').findByRole('img', { name: 'Bad vorher.jpg' });
    const made = files.created.find((entry) => entry.url === image.getAttribute('src'));
    expect(made).toBeTruthy();
    expect(made!.source).toBe(`/api/image-files/${first.id}/thumbnail`);
    const request = files.requests.find((entry) => entry.url === `/api/image-files/${first.id}/thumbnail`);
    expect(request?.headers.Authorization).toBe(`Bearer ${TEST_TOKEN}`);
    expect(request?.headers['X-Device-Id']).toBe(TEST_DEVICE_ID);
    // Only thumbnails in the grid: the full images load in the large view.
    expect(files.requests.some((entry) => entry.url === `/api/image-files/${first.id}`)).toBe(false);
  });

  it("says 'Bilder konnten nicht geladen werden.' inline and loads again on request", async () => {
    let answer: { status?: number; body: unknown } = { status: 500, body: { message: 'kaputt' } };
    const { fake } = openGallery([], { routes: { [LIST]: () => answer } });

    expect((await screen.findByRole('alert')).textContent).toBe('Bilder konnten nicht geladen werden.');
    answer = { body: [buildImage('Zähler.webp')] };
    fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('listitem', { name: 'Zähler.webp' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fake.calls(LIST)).toHaveLength(2);
  });

  it('says so when there are no images, and offers no download', async () => {
    openGallery([]);
    expect(await screen.findByText('Noch keine Bilder vorhanden.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Alle herunterladen' })).toBeNull();
  });

  it('uploads one file as a data URL and shows it in the grid', async () => {
    const stored = buildImage('Schaltschrank.png');
    const { fake } = openGallery([], {
      routes: { 'POST /api/images': { status: 201, body: stored } },
    });
    await screen.findByText('Noch keine Bilder vorhanden.');
    expect(uploadInput().accept).toBe('image/png,image/jpeg,image/gif,image/webp');

    choose(imageFile('Schaltschrank.png', 'image/png', 'PNGDATA'));

    expect(await screen.findByRole('listitem', { name: 'Schaltschrank.png' })).toBeTruthy();
    expect(fake.calls('POST /api/images').map((request) => request.body)).toEqual([
      { projectId: PROJECT_ID, name: 'Schaltschrank.png', dataUrl: `data:image/png;base64,${btoa('PNGDATA')}` },
    ]);
    expect(screen.getByRole('status').textContent).toBe('„Schaltschrank.png“ wurde hochgeladen.');
  });

  it.each([
    [
      'a file that is not an image',
      imageFile('notizen.txt', 'text/plain'),
      'Nur Bilder im Format PNG, JPEG, GIF oder WebP können hochgeladen werden.',
    ],
    [
      'an SVG',
      imageFile('logo.svg', 'image/svg+xml'),
      'Nur Bilder im Format PNG, JPEG, GIF oder WebP können hochgeladen werden.',
    ],
    [
      'an image over 5 MB',
      imageFile('riesig.jpg', 'image/jpeg', 'x', 5 * 1024 * 1024 + 1),
      'Das Bild darf 5 MB nicht überschreiten.',
    ],
  ])('refuses %s before sending anything', async (_what, file, message) => {
    const { fake } = openGallery([]);
    await screen.findByText('Noch keine Bilder vorhanden.');
    choose(file);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(fake.calls('POST /api/images')).toHaveLength(0);
  });

  it('takes an image of exactly 5 MB', async () => {
    const { fake } = openGallery([], {
      routes: { 'POST /api/images': { status: 201, body: buildImage('genau.webp') } },
    });
    await screen.findByText('Noch keine Bilder vorhanden.');
    choose(imageFile('genau.webp', 'image/webp', 'x', 5 * 1024 * 1024));
    await screen.findByRole('listitem', { name: 'genau.webp' });
    expect(fake.calls('POST /api/images')).toHaveLength(1);
  });

  it("says 'Datei konnte nicht gelesen werden.' when the browser cannot read the file", async () => {
    jest.spyOn(FileReader.prototype, 'readAsDataURL').mockImplementation(function (this: FileReader) {
      this.dispatchEvent(new ProgressEvent('error'));
    });
    const { fake } = openGallery([]);
    await screen.findByText('Noch keine Bilder vorhanden.');
    choose(imageFile('kaputt.png'));
    expect((await screen.findByRole('alert')).textContent).toBe('Datei konnte nicht gelesen werden.');
    expect(fake.calls('POST /api/images')).toHaveLength(0);
  });

  it("shows the server's refusal, else 'Upload fehlgeschlagen'", async () => {
    let answer: { status: number; body?: unknown } = {
      status: 400,
      body: { message: 'Datei konnte nicht gelesen werden.' },
    };
    openGallery([], { routes: { 'POST /api/images': () => answer } });
    await screen.findByText('Noch keine Bilder vorhanden.');

    choose(imageFile('umbenannt.png'));
    expect((await screen.findByRole('alert')).textContent).toBe('Datei konnte nicht gelesen werden.');

    answer = { status: 502, body: '<html>Bad Gateway</html>' };
    choose(imageFile('umbenannt.png'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Upload fehlgeschlagen'));
    expect(screen.getByText('Noch keine Bilder vorhanden.')).toBeTruthy();
  });

  it('shows an image large with its name and revokes its object URL on close', async () => {
    const image = buildImage('Verteiler.jpg', { width: 4000, height: 3000, size: 1572864 });
    openGallery([image]);
    fireEvent.click(await screen.findByRole('button', { name: 'Verteiler.jpg groß anzeigen' }));

    const large = within(screen.getByRole('dialog', { name: 'Verteiler.jpg' }));
    const full = await large.findByRole('img', { name: 'Verteiler.jpg' });
    const src = full.getAttribute('src')!;
    const made = files.created.find((entry) => entry.url === src)!;
    expect(made.source).toBe(`/api/image-files/${image.id}`);
    expect(large.getByText('4000 × 3000 px · 1,50 MB')).toBeTruthy();
    expect(large.getByText(/Hochgeladen von paula am 04\.03\.2026/)).toBeTruthy();

    fireEvent.click(large.getByRole('button', { name: 'Schließen' }));
    expect(screen.queryByRole('dialog', { name: 'Verteiler.jpg' })).toBeNull();
    expect(files.revoked).toContain(src);
    // The gallery stays open behind it.
    expect(screen.getByRole('dialog', { name: 'Bildergalerie' })).toBeTruthy();
  });

  it('says so when an image cannot be loaded', async () => {
    const image = buildImage('weg.png');
    files.fail(`/api/image-files/${image.id}/thumbnail`, 404);
    openGallery([image]);
    await screen.findByRole('listitem', { name: 'weg.png' });
    expect(await tile('weg.png').findByRole('img', { name: 'weg.png: Bild nicht verfügbar' })).toBeTruthy();
  });

  it('deletes an image after confirmation', async () => {
    const keep = buildImage('bleibt.png');
    const drop = buildImage('weg damit.png');
    const { fake } = openGallery([keep, drop], {
      routes: { [`DELETE /api/images/${drop.id}`]: { body: { message: 'Das Bild wurde gelöscht.' } } },
    });
    fireEvent.click((await screen.findAllByRole('button', { name: 'Löschen' }))[1]!);

    const confirm = within(screen.getByRole('dialog', { name: 'Bild löschen' }));
    expect(confirm.getByText('Möchten Sie das Bild „weg damit.png“ wirklich löschen?')).toBeTruthy();
    fireEvent.click(confirm.getByRole('button', { name: 'Löschen' }));

    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'weg damit.png' })).toBeNull());
    expect(screen.getByRole('listitem', { name: 'bleibt.png' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Bild löschen' })).toBeNull();
    expect(fake.calls(`DELETE /api/images/${drop.id}`)).toHaveLength(1);
  });

  it("keeps the image and says 'Löschen fehlgeschlagen.' when the delete fails", async () => {
    const image = buildImage('hartnäckig.png');
    openGallery([image], {
      routes: { [`DELETE /api/images/${image.id}`]: { status: 403, body: { message: 'Keine Berechtigung.' } } },
    });
    await screen.findByRole('listitem', { name: 'hartnäckig.png' });
    fireEvent.click(tile('hartnäckig.png').getByRole('button', { name: 'Löschen' }));
    const confirm = within(screen.getByRole('dialog', { name: 'Bild löschen' }));
    fireEvent.click(confirm.getByRole('button', { name: 'Löschen' }));
    expect((await confirm.findByRole('alert')).textContent).toBe('Löschen fehlgeschlagen.');
    expect(screen.getByRole('listitem', { name: 'hartnäckig.png' })).toBeTruthy();
  });

  it("makes an image the project's thumbnail through the board's update and marks it", async () => {
    const first = buildImage('eins.png');
    const second = buildImage('zwei.png');
    const board = openGallery([first, second], { document: buildDocument({ thumbnailImageId: first.id }) });

    await screen.findByRole('listitem', { name: 'eins.png' });
    expect(tile('eins.png').getByText('Vorschaubild')).toBeTruthy();
    expect(tile('eins.png').queryByRole('button', { name: 'Als Vorschaubild verwenden' })).toBeNull();

    fireEvent.click(tile('zwei.png').getByRole('button', { name: 'Als Vorschaubild verwenden' }));

    expect(board.current().thumbnailImageId).toBe(second.id);
    expect(board.logs).toEqual(['hat „zwei.png“ als Vorschaubild gewählt.']);
    expect(tile('zwei.png').getByText('Vorschaubild')).toBeTruthy();
    expect(tile('eins.png').queryByText('Vorschaubild')).toBeNull();
    expect(tile('eins.png').getByRole('button', { name: 'Als Vorschaubild verwenden' })).toBeTruthy();
  });

  it('offers the thumbnail choice only to who may edit the project', async () => {
    const helper = buildUser('Helfer', { id: MEMBER_ID, username: 'max' });
    openGallery([buildImage('helfer.png')], { user: helper });
    await screen.findByRole('listitem', { name: 'helfer.png' });
    expect(screen.queryByRole('button', { name: 'Als Vorschaubild verwenden' })).toBeNull();
    // Working on the project, the helper still uploads and deletes.
    expect(uploadInput()).toBeTruthy();
    expect(tile('helfer.png').getByRole('button', { name: 'Löschen' })).toBeTruthy();
  });

  it('only shows and downloads on a read-only project', async () => {
    openGallery([buildImage('fertig.png')], { readOnly: true, document: buildDocument({ status: 'completed' }) });
    await screen.findByRole('listitem', { name: 'fertig.png' });
    expect(screen.queryByLabelText('Bild hochladen')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Löschen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Als Vorschaubild verwenden' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Alle herunterladen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'fertig.png groß anzeigen' })).toBeTruthy();
  });

  it("'Alle herunterladen' downloads every full image under its name, 200 ms apart", async () => {
    const clicks: { download: string; href: string; at: number }[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ download: this.download, href: this.getAttribute('href') ?? '', at: Date.now() });
    });
    const images = [buildImage('a.png'), buildImage('b.jpg'), buildImage('c.gif')];
    openGallery(images);
    fireEvent.click(await screen.findByRole('button', { name: 'Alle herunterladen' }));
    expect(screen.getByRole('button', { name: 'Alle herunterladen' }).hasAttribute('disabled')).toBe(true);

    await waitFor(() => expect(clicks).toHaveLength(3), { timeout: 2000 });
    expect(clicks.map((click) => click.download)).toEqual(['a.png', 'b.jpg', 'c.gif']);
    for (const [index, click] of clicks.entries()) {
      const made = files.created.find((entry) => entry.url === click.href)!;
      expect(made.source).toBe(`/api/image-files/${images[index]!.id}`);
    }
    expect(clicks[1]!.at - clicks[0]!.at).toBeGreaterThanOrEqual(DOWNLOAD_STAGGER_MS - 20);
    expect(clicks[2]!.at - clicks[1]!.at).toBeGreaterThanOrEqual(DOWNLOAD_STAGGER_MS - 20);
    // No anchor is left behind in the page.
    expect(document.querySelectorAll('a[download]')).toHaveLength(0);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Alle herunterladen' }).hasAttribute('disabled')).toBe(false),
    );
  });

  it('names the images it could not download and downloads the rest', async () => {
    const clicks: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    const missing = buildImage('fehlt.png');
    files.fail(`/api/image-files/${missing.id}`, 404);
    openGallery([missing, buildImage('da.png')]);
    fireEvent.click(await screen.findByRole('button', { name: 'Alle herunterladen' }));
    expect((await screen.findByRole('alert', {}, { timeout: 2000 })).textContent).toBe(
      'Nicht heruntergeladen: fehlt.png',
    );
    expect(clicks).toEqual(['da.png']);
  });

  it('revokes the thumbnails’ object URLs when the gallery closes', async () => {
    const board = openGallery([buildImage('eins.png'), buildImage('zwei.png')]);
    await screen.findByRole('img', { name: 'eins.png' });
    await screen.findByRole('img', { name: 'zwei.png' });
    const urls = files.created.map((entry) => entry.url);
    expect(urls).toHaveLength(2);
    act(() => board.view.unmount());
    expect([...files.revoked].sort()).toEqual([...urls].sort());
  });
});
