import {
  browserEnvironment,
  READY_TIMEOUT_MS,
  registerServiceWorker,
  requestBackgroundSync,
  requestPersistentStorage,
  SERVICE_WORKER_URL,
  type ServiceWorkerEnvironment,
  SYNC_TAG,
} from '.';

interface FakeContainer extends EventTarget {
  register: jest.Mock<Promise<unknown>, [string, RegistrationOptions?]>;
  startMessages: jest.Mock;
  ready: Promise<unknown>;
}

function fakeContainer(ready: Promise<unknown> = new Promise(() => undefined)): FakeContainer {
  return Object.assign(new EventTarget(), {
    register: jest.fn<Promise<unknown>, [string, RegistrationOptions?]>(() => Promise.resolve({})),
    startMessages: jest.fn(),
    ready,
  });
}

function environment(container: FakeContainer | undefined, enabled = true): ServiceWorkerEnvironment {
  return { enabled, serviceWorker: container as unknown as ServiceWorkerContainer | undefined, storage: undefined };
}

/** A message from the worker with a port (jsdom's MessageEvent accepts only real ports). */
function postFromWorker(container: FakeContainer, data: unknown): { postMessage: jest.Mock } {
  const port = { postMessage: jest.fn() };
  container.dispatchEvent(Object.assign(new Event('message'), { data, ports: [port] }));
  return port;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('registerServiceWorker', () => {
  it('registers sw.js next to index.html in a production build', () => {
    const container = fakeContainer();
    registerServiceWorker({ onSyncRequested: () => Promise.resolve() }, environment(container));
    expect(container.register).toHaveBeenCalledWith(SERVICE_WORKER_URL, { scope: './', updateViaCache: 'none' });
    expect(container.startMessages).toHaveBeenCalled();
  });

  it('does nothing outside a production build or without service workers', () => {
    const container = fakeContainer();
    registerServiceWorker({ onSyncRequested: () => Promise.resolve() }, environment(container, false));
    expect(container.register).not.toHaveBeenCalled();
    expect(() =>
      registerServiceWorker({ onSyncRequested: () => Promise.resolve() }, environment(undefined)),
    ).not.toThrow();
  });

  it('is disabled in jest (no build flag) and jsdom has no service worker', () => {
    expect(browserEnvironment()).toMatchObject({ enabled: false, serviceWorker: undefined });
  });

  it('survives a registration that fails (insecure context, blocked worker)', async () => {
    const container = fakeContainer();
    container.register.mockImplementation(() => Promise.reject(new Error('SecurityError')));
    registerServiceWorker({ onSyncRequested: () => Promise.resolve() }, environment(container));
    await flush();
    container.register.mockImplementation(() => {
      throw new Error('SecurityError');
    });
    expect(() =>
      registerServiceWorker({ onSyncRequested: () => Promise.resolve() }, environment(container)),
    ).not.toThrow();
  });

  it("runs the sync on the worker's request and answers on the port once it has settled", async () => {
    const container = fakeContainer();
    let finish: () => void = () => undefined;
    const onSyncRequested = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    registerServiceWorker({ onSyncRequested }, environment(container));

    const port = postFromWorker(container, { type: SYNC_TAG });
    expect(onSyncRequested).toHaveBeenCalledTimes(1);
    await flush();
    expect(port.postMessage).not.toHaveBeenCalled();
    finish();
    await flush();
    expect(port.postMessage).toHaveBeenCalledWith({ type: 'werkboard-sync-done', ok: true });
  });

  it('answers ok: false when the sync fails, so the browser may try again later', async () => {
    const container = fakeContainer();
    registerServiceWorker({ onSyncRequested: () => Promise.reject(new Error('offline')) }, environment(container));
    const port = postFromWorker(container, { type: SYNC_TAG });
    await flush();
    expect(port.postMessage).toHaveBeenCalledWith({ type: 'werkboard-sync-done', ok: false });

    const throwing = fakeContainer();
    registerServiceWorker(
      {
        onSyncRequested: () => {
          throw new Error('not ready');
        },
      },
      environment(throwing),
    );
    expect(postFromWorker(throwing, { type: SYNC_TAG }).postMessage).toHaveBeenCalledWith({
      type: 'werkboard-sync-done',
      ok: false,
    });
  });

  it('ignores other messages', async () => {
    const container = fakeContainer();
    const onSyncRequested = jest.fn(() => Promise.resolve());
    registerServiceWorker({ onSyncRequested }, environment(container));
    for (const data of [null, 'werkboard-sync', { type: 'SKIP_WAITING' }]) postFromWorker(container, data);
    await flush();
    expect(onSyncRequested).not.toHaveBeenCalled();
  });
});

describe('requestBackgroundSync', () => {
  it("registers the one-off tag 'werkboard-sync' on the active worker's registration", async () => {
    const register = jest.fn(() => Promise.resolve());
    const container = fakeContainer(Promise.resolve({ sync: { register } }));
    await expect(requestBackgroundSync(environment(container))).resolves.toBe(true);
    expect(register).toHaveBeenCalledWith(SYNC_TAG);
  });

  it('is false without the Background Sync API, without a worker, or when the browser refuses', async () => {
    await expect(requestBackgroundSync(environment(fakeContainer(Promise.resolve({}))))).resolves.toBe(false);
    await expect(requestBackgroundSync(environment(undefined))).resolves.toBe(false);
    await expect(requestBackgroundSync(environment(fakeContainer(), false))).resolves.toBe(false);
    const refusing = { sync: { register: () => Promise.reject(new Error('NotAllowedError')) } };
    await expect(requestBackgroundSync(environment(fakeContainer(Promise.resolve(refusing))))).resolves.toBe(false);
    await expect(requestBackgroundSync(environment(fakeContainer(Promise.reject(new Error('x')))))).resolves.toBe(
      false,
    );
  });

  it('gives up when no worker becomes active', async () => {
    jest.useFakeTimers();
    try {
      const result = requestBackgroundSync(environment(fakeContainer()));
      await jest.advanceTimersByTimeAsync(READY_TIMEOUT_MS);
      await expect(result).resolves.toBe(false);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('requestPersistentStorage', () => {
  const withStorage = (storage: ServiceWorkerEnvironment['storage']): ServiceWorkerEnvironment => ({
    enabled: false,
    serviceWorker: undefined,
    storage,
  });

  it('asks for persistent storage unless it is already granted', async () => {
    const persist = jest.fn(() => Promise.resolve(true));
    await expect(
      requestPersistentStorage(withStorage({ persist, persisted: () => Promise.resolve(false) })),
    ).resolves.toBe(true);
    expect(persist).toHaveBeenCalledTimes(1);

    const untouched = jest.fn(() => Promise.resolve(true));
    await expect(
      requestPersistentStorage(withStorage({ persist: untouched, persisted: () => Promise.resolve(true) })),
    ).resolves.toBe(true);
    expect(untouched).not.toHaveBeenCalled();
  });

  it('is false when refused, unavailable or failing, and never throws', async () => {
    const persisted = () => Promise.resolve(false);
    await expect(
      requestPersistentStorage(withStorage({ persist: () => Promise.resolve(false), persisted })),
    ).resolves.toBe(false);
    await expect(requestPersistentStorage(withStorage(undefined))).resolves.toBe(false);
    await expect(
      requestPersistentStorage(withStorage({ persist: () => Promise.reject(new Error('x')), persisted })),
    ).resolves.toBe(false);
    await expect(requestPersistentStorage()).resolves.toBe(false);
  });
});
