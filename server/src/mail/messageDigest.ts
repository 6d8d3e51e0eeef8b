import { QueryTypes, type Sequelize } from 'sequelize';
import { type Config, DEFAULT_DIGEST_HOUR } from '../config';
import { readSmtp } from '../services/settings';
import type { Services } from '../serverState';
import { canSend, sendMail } from './mailer';
import { messageDigestMail } from './mails';

/** How often the job looks whether digests are due (the hour is the unit; a minute is precise enough). */
const CHECK_INTERVAL_MS = 60_000;

/** The server's local calendar day of `date`, as PostgreSQL's date text. */
function localDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** From which hour of the server's local day digests go out. */
export const digestHour = (config: Config): number => config.digestHour ?? DEFAULT_DIGEST_HOUR;

/** Whether the user wants the daily digest (their own setting; off by default). */
export async function readDigestSetting(sequelize: Sequelize, userId: string): Promise<boolean> {
  const [row] = await sequelize.query<{ enabled: boolean }>(
    'SELECT message_digest AS enabled FROM users WHERE id = :userId',
    {
      type: QueryTypes.SELECT,
      replacements: { userId },
    },
  );
  return row?.enabled ?? false;
}

export async function saveDigestSetting(sequelize: Sequelize, userId: string, enabled: boolean): Promise<void> {
  await sequelize.query('UPDATE users SET message_digest = :enabled WHERE id = :userId', {
    replacements: { userId, enabled },
  });
}

interface Claimed {
  id: string;
  email: string;
  username: string;
}

/**
 * Claims today's digest of every user who wants one, has an e-mail address, has unread
 * messages and got no digest today: one UPDATE moves their `last_digest_on` to today and
 * returns them. A second replica running the same statement at the same time waits for the
 * first's row locks and then finds those users done, so each digest is claimed once.
 */
async function claimDueDigests(sequelize: Sequelize, today: string): Promise<Claimed[]> {
  return sequelize.query<Claimed>(
    `UPDATE users u SET last_digest_on = :today
      WHERE u.message_digest AND u.email IS NOT NULL AND u.email <> ''
        AND (u.last_digest_on IS NULL OR u.last_digest_on < :today)
        AND EXISTS (SELECT 1 FROM messages m WHERE m.recipient_id = u.id AND m.read_at IS NULL)
      RETURNING u.id, u.email, u.username`,
    { type: QueryTypes.SELECT, replacements: { today } },
  );
}

/** The unread count and who wrote them (names sorted): all a digest says. */
async function unreadSummary(sequelize: Sequelize, userId: string) {
  const rows = await sequelize.query<{ username: string; count: number }>(
    `SELECT s.username, count(*)::int AS count FROM messages m JOIN users s ON s.id = m.sender_id
      WHERE m.recipient_id = :userId AND m.read_at IS NULL GROUP BY s.username ORDER BY lower(s.username)`,
    { type: QueryTypes.SELECT, replacements: { userId } },
  );
  return { count: rows.reduce((sum, row) => sum + row.count, 0), senders: rows.map((row) => row.username) };
}

/**
 * Sends the digests due at `now` (from the configured hour of the server's local day on);
 * answers how many went out. A failed e-mail is logged with its German reason and not retried
 * that day (the unread count is in the app anyway), like the invitation e-mail.
 */
export async function sendDueDigests(services: Services, now: Date): Promise<number> {
  const sequelize = services.database?.sequelize;
  if (!sequelize || !services.status.databaseInitialized) return 0;
  if (now.getHours() < digestHour(services.config)) return 0;
  const smtp = await readSmtp();
  if (!canSend(smtp)) return 0;
  let sent = 0;
  for (const user of await claimDueDigests(sequelize, localDay(now))) {
    try {
      const summary = await unreadSummary(sequelize, user.id);
      if (summary.count === 0) continue;
      const mail = messageDigestMail(user.email, { username: user.username, ...summary }, services.config.publicUrl);
      await sendMail(smtp, services.secrets.jwtSecret, mail);
      sent += 1;
    } catch (error) {
      services.logger.warn(
        { userId: user.id, reason: error instanceof Error ? error.message : String(error) },
        'message digest not sent',
      );
    }
  }
  if (sent > 0) services.logger.info({ sent }, 'message digests sent');
  return sent;
}

export interface DigestJob {
  stop(): void;
}

/** Looks every minute whether digests are due; one run at a time. `now` is the job's clock (tests set it). */
export function startDigestJob(services: Services, now: () => Date = () => new Date()): DigestJob {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    sendDueDigests(services, now())
      .catch((error: unknown) =>
        services.logger.warn(
          { reason: error instanceof Error ? error.message : String(error) },
          'message digest run failed',
        ),
      )
      .finally(() => (running = false));
  };
  const timer = setInterval(tick, CHECK_INTERVAL_MS);
  // The job never keeps the process alive on its own.
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
