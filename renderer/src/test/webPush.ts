import type { PushSubscriptionRequest } from '@werkboard/common';
import type { PushPermission, WebPushBrowser } from '../platform/serviceWorker/push';

export const TEST_PUSH_ENDPOINT = 'https://push.example.net/send/abc123';

/**
 * The browser's side of web push for renderer tests (jsdom has no service worker and no push
 * service): a permission the "user" answers with `answer`, and one subscription that
 * subscribe/unsubscribe make and end. Calls are recorded in order.
 */
export function createFakeWebPush({
  permission = 'default',
  answer = 'granted',
  subscribed = false,
}: { permission?: PushPermission; answer?: PushPermission; subscribed?: boolean } = {}) {
  const state = { permission, subscribed, calls: [] as string[], current: undefined as Promise<void> | undefined };
  const subscription = (): PushSubscriptionRequest => ({
    endpoint: TEST_PUSH_ENDPOINT,
    keys: { p256dh: 'BPp256dh-test-key', auth: 'auth-test' },
  });
  const browser: WebPushBrowser = {
    supported: true,
    permission: () => state.permission,
    requestPermission: () => {
      state.calls.push('requestPermission');
      if (state.permission === 'default') state.permission = answer;
      return Promise.resolve(state.permission);
    },
    current: async () => {
      // A test may hold the answer back to see the loading state.
      await state.current;
      return state.subscribed ? subscription() : null;
    },
    subscribe: (key) => {
      state.calls.push(`subscribe ${key}`);
      state.subscribed = true;
      return Promise.resolve(subscription());
    },
    unsubscribe: () => {
      state.calls.push('unsubscribe');
      const had = state.subscribed;
      state.subscribed = false;
      return Promise.resolve(had ? TEST_PUSH_ENDPOINT : null);
    },
  };
  return { browser, state };
}
