import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ImageDto, ProjectDocument } from '@werkboard/common';
import { renderApp } from '../../test/renderApp';
import type { MoreRoutes } from '../../test/project';
import {
  API_PATH,
  buildProject,
  COLUMN,
  owner,
  PROJECT_ID,
  PROJECT_PATH,
  projectServer,
  watchLog,
} from '../../test/project';
import type { InstalledImageFiles } from '../../test/images';
import { buildImage, imageFile, installImageFiles } from '../../test/images';
import { findLoadedDialog } from '../../test/dialogs';

/** The gallery on the real board: the header's count badge, the thumbnail's save path, the reload after a delete. */

const LIST = `GET /api/images/${PROJECT_ID}`;

let files: InstalledImageFiles;
beforeEach(() => {
  files = installImageFiles();
});
afterEach(() => {
  files.restore();
});

function onProject(name: string, overrides: Partial<ImageDto> = {}) {
  return buildImage(name, { projectId: PROJECT_ID, ...overrides });
}

async function openBoard(routes: MoreRoutes, document: ProjectDocument = buildProject()) {
  const fake = projectServer(document, routes);
  const view = renderApp(PROJECT_PATH, { user: owner, fake });
  await screen.findByRole('heading', { level: 1, name: document.name });
  await screen.findByTestId(`column-${COLUMN.todo}`);
  return { ...view, fake };
}

/** Also while a dialog is open: the page behind it is inert and hidden from the accessibility tree. */
function galleryButton(description?: string) {
  return screen.getByRole('button', { name: 'Bildergalerie', hidden: true, description });
}

describe('the gallery on the board', () => {
  it("shows the image count on 'Bildergalerie' and keeps it current after uploads and deletes", async () => {
    const first = onProject('eins.png');
    const uploaded = onProject('neu.jpg');
    await openBoard({
      [LIST]: { body: [first, onProject('zwei.png')] },
      'POST /api/images': { status: 201, body: uploaded },
      [`DELETE /api/images/${first.id}`]: { body: { message: 'Das Bild wurde gelöscht.' } },
    });

    // The name stays 'Bildergalerie'; the count is the button's description.
    expect(await screen.findByRole('button', { name: 'Bildergalerie', description: '2 Bilder' })).toBeTruthy();
    expect(within(galleryButton()).getByTestId('gallery-count').textContent).toBe('2');

    fireEvent.click(galleryButton());
    const gallery = await findLoadedDialog('Bildergalerie');
    await gallery.findByRole('listitem', { name: 'eins.png' });
    fireEvent.change(gallery.getByLabelText('Bild hochladen'), {
      target: { files: [imageFile('neu.jpg', 'image/jpeg')] },
    });
    await gallery.findByRole('listitem', { name: 'neu.jpg' });
    await waitFor(() => expect(within(galleryButton()).getByTestId('gallery-count').textContent).toBe('3'));

    fireEvent.click(
      within(gallery.getByRole('listitem', { name: 'eins.png' })).getByRole('button', { name: 'Löschen' }),
    );
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Bild löschen' })).getByRole('button', { name: 'Löschen' }),
    );
    await waitFor(() => expect(gallery.queryByRole('listitem', { name: 'eins.png' })).toBeNull());
    // The count follows the list's refetch after the delete, a tick after the item is gone.
    await waitFor(() => expect(galleryButton('2 Bilder')).toBeTruthy());
  });

  it('shows no badge without images, nor when the list cannot be read', async () => {
    await openBoard({ [LIST]: { status: 500, body: { message: 'x' } } });
    expect(galleryButton().getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByTestId('gallery-count')).toBeNull();
  });

  it('reads the count once when the board opens', async () => {
    const { fake } = await openBoard({ [LIST]: { body: [onProject('eins.png')] } });
    expect(await screen.findByRole('button', { name: 'Bildergalerie', description: '1 Bild' })).toBeTruthy();
    expect(fake.calls(LIST)).toHaveLength(1);
  });

  it("saves the chosen thumbnail with the project's delta save and a change-log entry", async () => {
    const image = onProject('titel.webp');
    const { fake, store } = await openBoard({ [LIST]: { body: [image] } });
    const log = watchLog(store);
    fireEvent.click(galleryButton());
    const gallery = await findLoadedDialog('Bildergalerie');
    await gallery.findByRole('listitem', { name: 'titel.webp' });

    fireEvent.click(gallery.getByRole('button', { name: 'Als Vorschaubild verwenden' }));

    await waitFor(() => expect(fake.server.saved).toHaveLength(1));
    expect(fake.server.deltas[0]!.fields!.thumbnailImageId).toBe(image.id);
    expect(fake.server.saved[0]!.thumbnailImageId).toBe(image.id);
    expect(log.map((entry) => entry.action)).toEqual(['hat „titel.webp“ als Vorschaubild gewählt.']);
    expect(within(gallery.getByRole('listitem', { name: 'titel.webp' })).getByText('Vorschaubild')).toBeTruthy();
  });

  it('loads the project again after deleting its thumbnail image (the server cleared it)', async () => {
    const image = onProject('titel.webp');
    const { fake } = await openBoard(
      (server) => ({
        [LIST]: { body: [image, onProject('anderes.png')] },
        [`DELETE /api/images/${image.id}`]: () => {
          server.write((draft) => {
            draft.thumbnailImageId = null;
          });
          return { body: { message: 'Das Bild wurde gelöscht.' } };
        },
      }),
      buildProject({ thumbnailImageId: image.id }),
    );
    fireEvent.click(galleryButton());
    const gallery = await findLoadedDialog('Bildergalerie');
    const item = within(await gallery.findByRole('listitem', { name: 'titel.webp' }));
    expect(item.getByText('Vorschaubild')).toBeTruthy();

    fireEvent.click(item.getByRole('button', { name: 'Löschen' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Bild löschen' })).getByRole('button', { name: 'Löschen' }),
    );

    // What changed since the board's copy (revision 7) is read, not the whole project again.
    await waitFor(() => expect(fake.calls(`GET ${API_PATH}?since=7`)).toHaveLength(1));
    expect(fake.calls(`GET ${API_PATH}`)).toHaveLength(1);
    await waitFor(() => expect(galleryButton('1 Bild')).toBeTruthy());
    // The board now holds the server's copy without a thumbnail: a later save does not bring it back.
    fireEvent.click(gallery.getByRole('button', { name: 'Als Vorschaubild verwenden' }));
    await waitFor(() => expect(fake.server.saved).toHaveLength(1));
    expect(fake.server.deltas[0]!.revision).toBe(8);
  });
});
