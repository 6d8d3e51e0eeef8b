import { act, fireEvent, screen, within } from '@testing-library/react';
import { de } from '@werkboard/common';
import { buildUser } from '../../test/fixtures';
import { createFakeFetch, type FakeRoute } from '../../test/fakeFetch';
import { renderApp } from '../../test/renderApp';
import { createFakeWebPush, TEST_PUSH_ENDPOINT } from '../../test/webPush';

const p = de.push;
const me = buildUser('Monteur', { id: 'u-erik', username: 'erik' });
const VAPID_KEY = 'BExampleVapidPublicKey';
const DELETE_ROUTE = `DELETE /api/push/subscriptions?endpoint=${encodeURIComponent(TEST_PUSH_ENDPOINT)}`;

function setup(push: ReturnType<typeof createFakeWebPush> | undefined, routes: Record<string, FakeRoute> = {}) {
  const fake = createFakeFetch({
    'GET /api/auth/me': { body: me },
    'GET /api/auth/sessions': { body: [] },
    'GET /api/push/key': { body: { publicKey: VAPID_KEY } },
    'POST /api/push/subscriptions': { status: 204 },
    [DELETE_ROUTE]: { status: 204 },
    ...routes,
  });
  renderApp('/profile', { user: me, fake, ...(push ? { webPush: push.browser } : {}) });
  return { fake, section: within(screen.getByRole('region', { name: p.sectionTitle })) };
}

describe('/profile: push notifications', () => {
  it('says so and offers nothing where the browser has no push (jsdom, Electron from disk, plain http)', async () => {
    const { section } = setup(undefined);
    expect((await section.findByRole('status')).textContent).toBe(p.unsupported);
    expect(section.queryByRole('button')).toBeNull();
  });

  it('shows loading until the browser answers, then enabled, and tells the server the subscription again', async () => {
    const push = createFakeWebPush({ permission: 'granted', subscribed: true });
    let answer = () => undefined as void;
    push.state.current = new Promise<void>((resolve) => (answer = resolve));
    const { fake, section } = setup(push);
    expect(section.getByText(p.loading)).toBeTruthy();
    expect(section.queryByRole('button')).toBeNull();

    await act(() => Promise.resolve(answer()));
    expect((await section.findByRole('status')).textContent).toBe(p.enabled);
    expect(section.getByRole('button', { name: p.disable })).toBeTruthy();
    expect(fake.calls('POST /api/push/subscriptions')[0]?.body).toEqual({
      endpoint: TEST_PUSH_ENDPOINT,
      keys: { p256dh: 'BPp256dh-test-key', auth: 'auth-test' },
    });
  });

  it('shows the denied text and no button when the browser blocks notifications', async () => {
    const { section } = setup(createFakeWebPush({ permission: 'denied' }));
    expect((await section.findByRole('status')).textContent).toBe(p.denied);
    expect(section.queryByRole('button')).toBeNull();
  });

  it('enables: asks the permission, subscribes with the server’s VAPID key and stores the subscription', async () => {
    const push = createFakeWebPush();
    const { fake, section } = setup(push);
    expect((await section.findByRole('status')).textContent).toBe(p.disabled);

    fireEvent.click(section.getByRole('button', { name: p.enable }));

    expect((await section.findByText(p.enabled)).getAttribute('role')).toBe('status');
    expect(push.state.calls).toEqual(['requestPermission', `subscribe ${VAPID_KEY}`]);
    expect(fake.calls('POST /api/push/subscriptions')).toHaveLength(1);
    expect(section.getByRole('button', { name: p.disable })).toBeTruthy();
  });

  it('shows the denied text when the user refuses the browser’s prompt, and subscribes nothing', async () => {
    const push = createFakeWebPush({ answer: 'denied' });
    const { fake, section } = setup(push);
    fireEvent.click(await section.findByRole('button', { name: p.enable }));

    expect(await section.findByText(p.denied)).toBeTruthy();
    expect(push.state.calls).toEqual(['requestPermission']);
    expect(fake.calls('POST /api/push/subscriptions')).toHaveLength(0);
  });

  it('disables: the server forgets this browser, then the browser unsubscribes', async () => {
    const push = createFakeWebPush({ permission: 'granted', subscribed: true });
    const { fake, section } = setup(push);
    fireEvent.click(await section.findByRole('button', { name: p.disable }));

    expect(await section.findByText(p.disabled)).toBeTruthy();
    expect(fake.calls(DELETE_ROUTE)).toHaveLength(1);
    expect(push.state.calls).toEqual(['unsubscribe']);
    expect(push.state.subscribed).toBe(false);
  });

  it('stays disabled with a German error when the server cannot store the subscription, and ends it in the browser', async () => {
    const push = createFakeWebPush();
    const { section } = setup(push, {
      'POST /api/push/subscriptions': { status: 400, body: { message: p.subscriptionInvalid } },
    });
    fireEvent.click(await section.findByRole('button', { name: p.enable }));

    expect((await section.findByRole('alert')).textContent).toBe(p.subscriptionInvalid);
    expect(section.getByRole('status').textContent).toBe(p.disabled);
    expect(push.state.subscribed).toBe(false);
  });

  it('stays enabled with a German error when the server cannot be told to forget the subscription', async () => {
    const push = createFakeWebPush({ permission: 'granted', subscribed: true });
    const { section } = setup(push, { [DELETE_ROUTE]: () => Promise.reject(new TypeError('Failed to fetch')) });
    fireEvent.click(await section.findByRole('button', { name: p.disable }));

    expect((await section.findByRole('alert')).textContent).toBe(p.disableFailed);
    expect(section.getByRole('status').textContent).toBe(p.enabled);
    expect(push.state.subscribed).toBe(true);
  });
});
