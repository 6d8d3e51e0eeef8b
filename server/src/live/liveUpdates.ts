import type { LiveEvent } from '@werkboard/common';
import pg from 'pg';
import type { Sequelize, Transaction } from 'sequelize';
import { userCache } from '../auth/userCache';
import type { Logger } from '../logger';
import { findProjectRow } from '../services/projectStore';
import { type Audience, type Envelope, EventHub } from './eventHub';

/** The NOTIFY channel; the migration 20261201000000-notifications's triggers use it too. */
export const EVENT_CHANNEL = 'werkboard_events';
/** Comment lines every 25 s: proxies close streams that stay silent for long (nginx: 60 s). */
const PING_INTERVAL_MS = 25_000;
/** Pauses before listening again after the listening connection broke. */
const RELISTEN_DELAYS_MS = [500, 1_000, 2_000, 5_000];

/**
 * Announces an event to its audience on every server replica (architecture decision 13): a
 * NOTIFY, so inside `transaction` it goes out only when that commits. Messages and other
 * features call this; project revisions and invitation counts are announced by triggers.
 */
export async function publish(
  sequelize: Sequelize,
  to: Audience,
  event: LiveEvent,
  transaction?: Transaction,
): Promise<void> {
  const envelope: Envelope = { to, event };
  await sequelize.query('SELECT pg_notify(:channel, :payload)', {
    replacements: { channel: EVENT_CHANNEL, payload: JSON.stringify(envelope) },
    transaction,
  });
}

function isEnvelope(value: unknown): value is Envelope {
  if (typeof value !== 'object' || value === null) return false;
  const { to, event } = value as Partial<Envelope>;
  return (
    typeof to === 'object' &&
    to !== null &&
    (typeof (to as { userId?: unknown }).userId === 'string' ||
      typeof (to as { projectId?: unknown }).projectId === 'string') &&
    typeof event === 'object' &&
    event !== null &&
    typeof event.type === 'string'
  );
}

/**
 * This process's side of the live updates: the open streams (EventHub) and one database
 * connection that LISTENs on the channel and hands each announcement to the hub. The
 * connection is made again when it breaks; events announced meanwhile are missed, which the
 * client's polling covers (as it covers a tab that was offline).
 */
export class LiveUpdates {
  readonly hub: EventHub;
  private client: pg.Client | null = null;
  private url: string | null = null;
  private sequelize: Sequelize | null = null;
  private attempt = 0;
  private relistenTimer: NodeJS.Timeout | null = null;
  private readonly pingTimer: NodeJS.Timeout;

  constructor(private readonly logger: Logger) {
    this.hub = new EventHub(
      async (projectId) => (this.sequelize ? findProjectRow(this.sequelize, projectId) : null),
      async (userId) => (await userCache.load(userId))?.tokenVersion ?? null,
    );
    this.pingTimer = setInterval(() => this.hub.pingAll(), PING_INTERVAL_MS);
    this.pingTimer.unref();
  }

  /** Starts listening on the database the server has just connected to. */
  async start(url: string, sequelize: Sequelize): Promise<void> {
    this.url = url;
    this.sequelize = sequelize;
    await this.listen();
  }

  /** Stops listening and ends every open stream (server stop, or a failed database start). */
  async stop(): Promise<void> {
    this.url = null;
    this.sequelize = null;
    if (this.relistenTimer) clearTimeout(this.relistenTimer);
    this.hub.closeAll();
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  close(): Promise<void> {
    clearInterval(this.pingTimer);
    return this.stop();
  }

  private async listen(): Promise<void> {
    const url = this.url;
    if (!url) return;
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (message) => this.onNotification(message.payload));
    client.on('error', (error) => {
      this.logger.warn({ err: error }, 'live updates: the listening connection broke');
      this.relistenSoon(client);
    });
    client.on('end', () => this.relistenSoon(client));
    this.client = client;
    await client.connect();
    await client.query(`LISTEN ${EVENT_CHANNEL}`);
    this.attempt = 0;
  }

  private relistenSoon(broken: pg.Client): void {
    if (this.client !== broken || this.url === null) return;
    this.client = null;
    const delay = RELISTEN_DELAYS_MS[Math.min(this.attempt, RELISTEN_DELAYS_MS.length - 1)]!;
    this.attempt += 1;
    this.relistenTimer = setTimeout(() => {
      this.listen().catch((error: unknown) => {
        this.logger.warn({ err: error }, 'live updates: listening again failed');
        if (this.client) this.relistenSoon(this.client);
      });
    }, delay);
    this.relistenTimer.unref();
  }

  private onNotification(payload: string | undefined): void {
    let envelope: unknown;
    try {
      envelope = JSON.parse(payload ?? '');
    } catch {
      envelope = null;
    }
    if (!isEnvelope(envelope)) {
      this.logger.warn('live updates: an announcement of unknown shape was ignored');
      return;
    }
    this.hub.deliver(envelope).catch((error: unknown) => {
      this.logger.warn({ err: error }, 'live updates: delivering an event failed');
    });
  }
}
