import { PassThrough } from 'node:stream';
import type { LiveEvent } from '@werkboard/common';
import type { LiveStream } from '../live/eventHub';
import { publish } from '../live/liveUpdates';
import type { ApiRoutes } from '../http/endpoint';

/** Tells EventSource-like readers how long to wait before they reconnect. */
const RETRY_MS = 3_000;

/**
 * The live stream (docs/api.md "Live updates", docs/decisions.md): Server-Sent Events over
 * a plain authenticated GET, read by the client with fetch so that the token travels in the
 * Authorization header as on every other route, never in a URL. Every signed-in user may
 * open it; what reaches a stream is decided per event (EventHub: the user's own events, and
 * revisions of the projects the user may read).
 */
export function registerEventRoutes(api: ApiRoutes): void {
  api.get('/events', {
    handle: ({ ctx, services, actor, user }) => {
      const body = new PassThrough();
      // The stream ends with the token it was opened with; the client reconnects with its new one.
      const exp = (ctx.state.jwt as { exp: number }).exp;
      const expiry = setTimeout(() => body.end(), Math.max(0, exp * 1000 - Date.now()));
      expiry.unref();
      let remove = () => undefined as void;
      const stream: LiveStream = {
        actor,
        tokenVersion: user.tokenVersion,
        send: (event: LiveEvent) => body.write(`data: ${JSON.stringify(event)}\n\n`),
        ping: () => body.write(': ping\n\n'),
        close: () => body.end(),
      };
      const cleanUp = () => {
        remove();
        clearTimeout(expiry);
      };
      ctx.req.on('close', cleanUp);
      body.on('close', cleanUp);
      body.on('finish', cleanUp);
      remove = services.live.hub.add(stream);

      ctx.type = 'text/event-stream';
      ctx.set('Cache-Control', 'no-store');
      // Reverse proxies (nginx) would otherwise hold the events back in their buffer.
      ctx.set('X-Accel-Buffering', 'no');
      ctx.compress = false;
      ctx.req.socket.setTimeout(0);
      ctx.req.socket.setNoDelay(true);
      body.write(`retry: ${RETRY_MS}\n: open\n\n`);
      return body;
    },
  });

  api.post('/events/test', {
    handle: async ({ sequelize, actor }) => {
      await publish(sequelize, { userId: actor.id }, { type: 'test', sentAt: new Date().toISOString() });
    },
    status: 204,
  });
}
