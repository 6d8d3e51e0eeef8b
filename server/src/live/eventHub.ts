import { canReadProject, type LiveEvent, type ProjectAccessFacts } from '@werkboard/common';
import type { SessionActor } from '../auth/sessionActor';

/** Who an event is for: one user (all their tabs), or everyone who may read a project. */
export type Audience = { userId: string } | { projectId: string };

/** What travels over PostgreSQL NOTIFY between the replicas. */
export interface Envelope {
  to: Audience;
  event: LiveEvent;
}

/** One open event stream of a signed-in tab. */
export interface LiveStream {
  readonly actor: SessionActor;
  /** The token version it was opened with: a newer one (password, role change) ends it. */
  readonly tokenVersion: number;
  send(event: LiveEvent): void;
  /** A comment line that keeps proxies from closing an idle stream. */
  ping(): void;
  close(): void;
}

/** Looks up what the rules need to know about a project; null when it is gone. */
export type ProjectFacts = (projectId: string) => Promise<ProjectAccessFacts | null>;
/** The user's current token version; null when the user is gone. */
export type TokenVersion = (userId: string) => Promise<number | null>;

/**
 * The open streams of this server process, by user. Events reach it only through the
 * database's NOTIFY (liveListener.ts), also those published here, so that every replica
 * delivers the same events in the order of their commits.
 */
export class EventHub {
  private readonly byUser = new Map<string, Set<LiveStream>>();

  constructor(
    private readonly projectFacts: ProjectFacts,
    private readonly tokenVersion: TokenVersion,
  ) {}

  /** Registers a stream; the returned function removes it again. */
  add(stream: LiveStream): () => void {
    const userId = stream.actor.id;
    const streams = this.byUser.get(userId) ?? new Set<LiveStream>();
    streams.add(stream);
    this.byUser.set(userId, streams);
    return () => {
      streams.delete(stream);
      if (streams.size === 0 && this.byUser.get(userId) === streams) this.byUser.delete(userId);
    };
  }

  /** Whether the user has a tab with an open stream on this server (push only goes to closed apps). */
  isConnected(userId: string): boolean {
    return (this.byUser.get(userId)?.size ?? 0) > 0;
  }

  get size(): number {
    let count = 0;
    for (const streams of this.byUser.values()) count += streams.size;
    return count;
  }

  async deliver({ to, event }: Envelope): Promise<void> {
    if (this.byUser.size === 0) return;
    const targets = 'userId' in to ? [...(this.byUser.get(to.userId) ?? [])] : await this.readersOf(to.projectId);
    await Promise.all(targets.map((stream) => this.sendIfStillValid(stream, event)));
  }

  pingAll(): void {
    for (const streams of this.byUser.values()) for (const stream of streams) stream.ping();
  }

  closeAll(): void {
    for (const streams of [...this.byUser.values()]) for (const stream of [...streams]) stream.close();
    this.byUser.clear();
  }

  private async readersOf(projectId: string): Promise<LiveStream[]> {
    const facts = await this.projectFacts(projectId);
    if (!facts) return [];
    const readers: LiveStream[] = [];
    for (const streams of this.byUser.values())
      for (const stream of streams) if (canReadProject(stream.actor, facts)) readers.push(stream);
    return readers;
  }

  /** A stream opened before a password or role change (or of a deleted user) is ended, not served. */
  private async sendIfStillValid(stream: LiveStream, event: LiveEvent): Promise<void> {
    if ((await this.tokenVersion(stream.actor.id)) !== stream.tokenVersion) stream.close();
    else stream.send(event);
  }
}
