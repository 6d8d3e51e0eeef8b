import { fireEvent, render, screen } from '@testing-library/react';
import { de } from '@werkboard/common';
import { lazyPage } from './lazyPage';
import { PageFrame } from './PageFrame';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const Screen = () => <h1>Seite geladen</h1>;

describe('lazyPage', () => {
  it('shows the loading space until the chunk arrives, then the page', async () => {
    const chunk = deferred<typeof Screen>();
    const Page = lazyPage(() => chunk.promise);
    render(
      <PageFrame>
        <Page />
      </PageFrame>,
    );
    expect(screen.getByRole('status').textContent).toBe(de.app.loading);
    chunk.resolve(Screen);
    expect(await screen.findByRole('heading', { name: 'Seite geladen' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("shows the page's own loading space instead of the frame's, where it has one", async () => {
    const chunk = deferred<typeof Screen>();
    const OwnLoading = () => <p role="status">Eigener Platz</p>;
    const Page = lazyPage(() => chunk.promise, OwnLoading);
    render(
      <PageFrame>
        <Page />
      </PageFrame>,
    );
    expect(screen.getByRole('status').textContent).toBe('Eigener Platz');
    chunk.resolve(Screen);
    expect(await screen.findByRole('heading', { name: 'Seite geladen' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('renders a preloaded page at once, without a loading frame', async () => {
    const load = jest.fn(() => Promise.resolve(Screen));
    const Page = lazyPage(load);
    await Page.preload();
    await Page.preload();
    render(
      <PageFrame>
        <Page />
      </PageFrame>,
    );
    expect(screen.getByRole('heading', { name: 'Seite geladen' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says in German that a chunk failed and loads it again on retry', async () => {
    let online = false;
    const load = jest.fn(() =>
      online ? Promise.resolve(Screen) : Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    const Page = lazyPage(load);
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      render(
        <PageFrame>
          <Page />
        </PageFrame>,
      );
      expect((await screen.findByRole('alert')).textContent).toContain(de.app.pageLoadFailed);
      expect(screen.queryByRole('heading')).toBeNull();

      online = true;
      fireEvent.click(screen.getByRole('button', { name: de.actions.retry }));
      expect(await screen.findByRole('heading', { name: 'Seite geladen' })).toBeTruthy();
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      consoleError.mockRestore();
    }
  });
});
