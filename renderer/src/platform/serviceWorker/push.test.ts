import { browserWebPush, noWebPush } from './push';
import { applicationServerKey } from './pushSubscription';
import type { ServiceWorkerEnvironment } from './environment';

const KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const OTHER_KEY = 'BAbc-_12';

/** A subscription as the browser's push service hands it out (jsdom has none). */
function fakeSubscription(endpoint: string, key: string) {
  return {
    endpoint,
    options: { applicationServerKey: applicationServerKey(key).buffer },
    toJSON: () => ({ endpoint, keys: { p256dh: `p256dh-${endpoint}`, auth: `auth-${endpoint}` } }),
    unsubscribe: jest.fn(() => Promise.resolve(true)),
  };
}

type FakeSubscription = ReturnType<typeof fakeSubscription>;

/** The browser's side: a worker's registration whose pushManager holds at most one subscription. */
function fakeBrowser(existing: FakeSubscription | null = null) {
  const state = { subscription: existing, subscribed: [] as string[] };
  const pushManager = {
    getSubscription: () => Promise.resolve(state.subscription),
    subscribe: jest.fn(({ applicationServerKey: key }: { applicationServerKey: Uint8Array }) => {
      const text = Buffer.from(key).toString('base64url');
      state.subscribed.push(text);
      state.subscription = fakeSubscription(`https://push.example.net/${state.subscribed.length}`, text);
      return Promise.resolve(state.subscription);
    }),
  };
  const container = { ready: Promise.resolve({ pushManager }) } as unknown as ServiceWorkerContainer;
  const environment: ServiceWorkerEnvironment = { enabled: true, serviceWorker: container, storage: undefined };
  const notifications = {
    permission: 'granted',
    requestPermission: jest.fn(() => Promise.resolve('granted')),
  } as unknown as typeof Notification;
  return { state, pushManager, environment, notifications };
}

describe("push's browser adapter (a facade that loads the subscription's code on first use)", () => {
  const hadPushManager = 'PushManager' in window;
  beforeAll(() => {
    // jsdom has no Push API; the adapter looks for it on window. Removed again after these tests.
    if (!hadPushManager) Object.defineProperty(window, 'PushManager', { value: class {}, configurable: true });
  });
  afterAll(() => {
    if (!hadPushManager) delete (window as { PushManager?: unknown }).PushManager;
  });

  it('answers support and the permission at once, and asks for the permission without waiting', () => {
    const browser = fakeBrowser();
    const push = browserWebPush(browser.environment, browser.notifications);
    expect(push.supported).toBe(true);
    expect(push.permission()).toBe('granted');
    void push.requestPermission();
    // Called within the same task: a browser grants its prompt only within the user's click.
    expect(browser.notifications.requestPermission).toHaveBeenCalledTimes(1);
  });

  it('is noWebPush without a service worker, outside a production build or without notifications', () => {
    const browser = fakeBrowser();
    expect(browserWebPush({ ...browser.environment, enabled: false }, browser.notifications)).toBe(noWebPush);
    expect(browserWebPush({ ...browser.environment, serviceWorker: undefined }, browser.notifications)).toBe(noWebPush);
    expect(browserWebPush(browser.environment, undefined)).toBe(noWebPush);
  });

  it("subscribes with the server's key, keeps a subscription made with it, and ends it", async () => {
    const browser = fakeBrowser();
    const push = browserWebPush(browser.environment, browser.notifications);
    expect(await push.current()).toBeNull();

    const made = await push.subscribe(KEY);
    expect(made).toEqual({
      endpoint: 'https://push.example.net/1',
      keys: { p256dh: 'p256dh-https://push.example.net/1', auth: 'auth-https://push.example.net/1' },
    });
    expect(browser.state.subscribed).toEqual([KEY]);
    expect(browser.pushManager.subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
    // Asked again with the same key: the subscription it has.
    expect(await push.subscribe(KEY)).toEqual(made);
    expect(browser.pushManager.subscribe).toHaveBeenCalledTimes(1);
    expect(await push.current()).toEqual(made);

    expect(await push.unsubscribe()).toBe('https://push.example.net/1');
    expect(browser.state.subscription?.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it("replaces a subscription made with another server's key", async () => {
    const old = fakeSubscription('https://push.example.net/old', OTHER_KEY);
    const browser = fakeBrowser(old);
    const push = browserWebPush(browser.environment, browser.notifications);
    const made = await push.subscribe(KEY);
    expect(old.unsubscribe).toHaveBeenCalledTimes(1);
    expect(made.endpoint).toBe('https://push.example.net/1');
  });
});
