/**
 * @jest-environment node
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';

// The real public/sw-push.js, run in a context of its own whose `self` is a minimal
// ServiceWorkerGlobalScope: only the boundary objects (registration, clients, events) are fake.
const SOURCE = readFileSync(path.join(__dirname, '../../../public/sw-push.js'), 'utf8');
const SCOPE = 'https://werkboard.example.de/';

interface ShownNotification {
  title: string;
  options: { body: string; tag: string; data: { url: string } };
}

class FakeWindow {
  focused = false;
  navigatedTo: string[] = [];
  constructor(public url: string) {}
  focus() {
    this.focused = true;
    return Promise.resolve(this);
  }
  navigate(url: string) {
    this.navigatedTo.push(url);
    this.url = url;
    return Promise.resolve(this);
  }
}

function loadWorker(windows: FakeWindow[] = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const shown: ShownNotification[] = [];
  const opened: string[] = [];
  const self = {
    registration: {
      scope: SCOPE,
      showNotification: (title: string, options: ShownNotification['options']) => {
        shown.push({ title, options });
        return Promise.resolve();
      },
    },
    clients: {
      matchAll: (options: { type: string }) => Promise.resolve(options.type === 'window' ? windows : []),
      openWindow: (url: string) => {
        opened.push(url);
        return Promise.resolve(new FakeWindow(url));
      },
    },
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
  };
  vm.runInNewContext(SOURCE, { self, URL });

  /** Fires an event and waits for what it handed to waitUntil. */
  const fire = async (type: string, event: object) => {
    const pending: Promise<unknown>[] = [];
    listeners.get(type)!({ ...event, waitUntil: (promise: Promise<unknown>) => pending.push(promise) });
    expect(pending).toHaveLength(1);
    await Promise.all(pending);
  };
  /** A push whose data is the given text (PushMessageData.json() throws on bad JSON, as the browser's). */
  const push = (text: string | null) =>
    fire('push', { data: text === null ? null : { json: () => JSON.parse(text) as unknown } });
  const click = async (notification: ShownNotification) => {
    let closed = false;
    await fire('notificationclick', {
      notification: { data: notification.options.data, close: () => (closed = true) },
    });
    expect(closed).toBe(true);
  };
  return { shown, opened, push, click };
}

const messagePayload = {
  type: 'message',
  title: 'Neue Nachricht',
  body: 'anna hat Ihnen eine Nachricht geschrieben.',
  url: '#/messages/8f1c2a9e-0000-4000-8000-000000000001',
};

describe('service worker: push', () => {
  it("shows the payload's title and body, tagged by kind and route, with the route for the click", async () => {
    const worker = loadWorker();
    await worker.push(JSON.stringify(messagePayload));
    expect(worker.shown).toEqual([
      {
        title: 'Neue Nachricht',
        options: expect.objectContaining({
          body: 'anna hat Ihnen eine Nachricht geschrieben.',
          tag: `message:${messagePayload.url}`,
          data: { url: messagePayload.url },
        }) as unknown,
      },
    ]);
  });

  it('shows a plain notice for a push without data or with unreadable data, and never a route outside the app', async () => {
    const worker = loadWorker();
    await worker.push(null);
    await worker.push('kein JSON');
    await worker.push(JSON.stringify({ title: 'Neue Projekteinladung', body: 'x', url: 'https://evil.example/' }));
    expect(worker.shown.map((notice) => [notice.title, notice.options.data.url])).toEqual([
      ['Werkboard', '#/'],
      ['Werkboard', '#/'],
      ['Neue Projekteinladung', '#/'],
    ]);
  });
});

describe('service worker: notification click', () => {
  it('opens the app at the route when no window is open', async () => {
    const worker = loadWorker();
    await worker.push(JSON.stringify(messagePayload));
    await worker.click(worker.shown[0]!);
    expect(worker.opened).toEqual([`${SCOPE}${messagePayload.url}`]);
  });

  it("focuses an open Werkboard window and moves it to the route instead of opening another; another site's window is left alone", async () => {
    const elsewhere = new FakeWindow('https://andere-seite.example/');
    const app = new FakeWindow(`${SCOPE}#/`);
    const worker = loadWorker([elsewhere, app]);
    await worker.push(JSON.stringify({ ...messagePayload, type: 'invitation', url: '#/project/p-1' }));
    await worker.click(worker.shown[0]!);
    expect(worker.opened).toEqual([]);
    expect(app.focused).toBe(true);
    expect(app.navigatedTo).toEqual([`${SCOPE}#/project/p-1`]);
    expect(elsewhere.focused).toBe(false);
  });
});
