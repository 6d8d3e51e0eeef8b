import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { buildUser } from '../../test/fixtures';
import { renderWithProviders, TEST_TOKEN } from '../../test/renderApp';
import { AuthImage } from './AuthImage';
import { useImageObjectUrl } from './imageFiles';
import type { InstalledImageFiles } from '../../test/images';
import { imageId, installImageFiles } from '../../test/images';

let files: InstalledImageFiles;
beforeEach(() => {
  files = installImageFiles();
});
afterEach(() => {
  files.restore();
});

function Probe({ id }: { id: string | null }) {
  const { url, failed } = useImageObjectUrl(id, 'full');
  return <output data-testid="probe">{failed ? 'failed' : (url ?? 'none')}</output>;
}

/** Shows `ids` one after another: the button moves on to the next. */
function Switcher({ ids }: { ids: (string | null)[] }) {
  const [index, setIndex] = useState(0);
  return (
    <>
      <Probe id={ids[index] ?? null} />
      <button type="button" onClick={() => setIndex((current) => current + 1)}>
        weiter
      </button>
    </>
  );
}

const user = buildUser('Monteur');

describe('useImageObjectUrl', () => {
  it('fetches the image with the token, shows it as an object URL and revokes it for the next image', async () => {
    const first = imageId();
    const second = imageId();
    const { store } = renderWithProviders(<Switcher ids={[first, second]} />, { user });
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('blob:test/1'));
    expect(files.requests[0]).toEqual(
      expect.objectContaining({
        url: `/api/image-files/${first}`,
        headers: expect.objectContaining({ Authorization: `Bearer ${TEST_TOKEN}` }) as unknown,
      }),
    );
    // Each image request goes into the connection diagnostics' live log, like the client's.
    expect(store.getState().liveLog.lines.map((line) => line.text)).toContain(`GET /api/image-files/${first} → 200`);

    fireEvent.click(screen.getByRole('button', { name: 'weiter' }));
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('blob:test/2'));
    expect(files.revoked).toEqual(['blob:test/1']);
  });

  it('creates no object URL for an answer that arrives after unmount', async () => {
    let resolve: (value: unknown) => void = () => undefined;
    files.fetch.mockImplementationOnce(() => new Promise((done) => (resolve = done)));
    const { view } = renderWithProviders(<Probe id={imageId()} />, { user });
    view.unmount();
    await act(async () => {
      resolve({ ok: true, status: 200, blob: () => Promise.resolve(new Blob(['x'])) });
      await Promise.resolve();
    });
    expect(files.created).toHaveLength(0);
  });

  it('reports a failed load, and nothing for no image', async () => {
    const id = imageId();
    files.fail(`/api/image-files/${id}`, 403);
    renderWithProviders(<Switcher ids={[id, null]} />, { user });
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('failed'));
    fireEvent.click(screen.getByRole('button', { name: 'weiter' }));
    expect(screen.getByTestId('probe').textContent).toBe('none');
  });
});

describe('AuthImage', () => {
  it('shows a labelled placeholder while loading, then the image', async () => {
    renderWithProviders(<AuthImage imageId={imageId()} variant="thumbnail" alt="Foto.png" />, { user });
    expect(screen.getByRole('img', { name: 'Foto.png: Bild wird geladen …' })).toBeTruthy();
    expect((await screen.findByRole('img', { name: 'Foto.png' })).getAttribute('src')).toBe('blob:test/1');
  });
});
