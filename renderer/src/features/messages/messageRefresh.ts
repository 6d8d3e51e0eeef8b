/**
 * Spec sections 4 and 9: the message list refreshes every 30 s (the fallback of the live updates). Its own module, so that
 * the navigation's unread link does not pull the messages page into every page's frame.
 */
export const MESSAGE_REFRESH_MS = 30_000;
