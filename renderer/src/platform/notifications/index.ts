/**
 * System notifications (reminders). One implementation serves both platforms: Electron's
 * renderer shows the web Notification API as native notifications, and the shell grants the
 * permission to the app only (desktop/src/permissions.ts).
 */
export interface Notifier {
  /** Shows a notification when allowed; answers whether it was shown. */
  show(title: string, body: string): boolean;
}

export function createNotifier(api: () => typeof Notification | undefined): Notifier {
  return {
    show(title, body) {
      const Api = api();
      if (Api === undefined || Api.permission !== 'granted') return false;
      new Api(title, { body });
      return true;
    },
  };
}
