import { Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { Db } from 'mongodb';
import type { ErrorCode, EventEnvelope } from '@forum/contracts';
import type { ProjectionDefinition, ReadModelWriter } from '@forum/event-bus';
import type { AppConfig } from '../config';

export const ACCESS_REVOCATIONS = 'access_revocations';

/** What ends an access token before it expires: its session, or its member's account. */
export type Revocation =
  | { kind: 'session'; sessionId: string; at: string }
  | { kind: 'member'; memberId: string; state: 'enabled' | 'disabled' | 'cancelled'; at: string };

export interface AccessRevocationDocument {
  _id: string;
  kind: 'session' | 'member';
  sessionId?: string;
  memberId?: string;
  state?: 'enabled' | 'disabled' | 'cancelled';
  at: Date;
}

/** The identity events that end access, read the same way from a local commit and from Kafka. */
export function revocationOf(event: Pick<EventEnvelope, 'type' | 'streamId' | 'data'>): Revocation | null {
  const data = event.data as { memberId?: string; at?: string; cancelledAt?: string; revokedAt?: string };
  switch (event.type) {
    case 'SessionRevoked':
      return { kind: 'session', sessionId: event.streamId.slice('session-'.length), at: data.revokedAt! };
    case 'MemberDisabled':
      return { kind: 'member', memberId: data.memberId!, state: 'disabled', at: data.at! };
    case 'MemberEnabled':
      return { kind: 'member', memberId: data.memberId!, state: 'enabled', at: data.at! };
    case 'MemberCancelled':
      return { kind: 'member', memberId: data.memberId!, state: 'cancelled', at: data.cancelledAt! };
    default:
      return null;
  }
}

type Listener = (revocation: Revocation) => void;

/**
 * Which sessions and accounts no longer hold access, in this process: every access token is checked against it
 * (`TokenService.actorOf`), so logout, password change or reset, disabling and cancelling take effect on the next
 * request. Two map lookups per request. Fed from three sides (ADR 0026): identity's own commits in this process
 * (at once), each context's `access-revocations` projection (Kafka), and a poll of that projection's collection
 * (other replicas of the same context, within a second).
 *
 * One per process: in the all-in-one app every context shares what identity decided.
 */
export class AccessRevocations {
  /** Revoked session id → when (ms), kept as long as an access token of that session can live. */
  private readonly sessions = new Map<string, number>();
  /** The latest account change seen per member, so that an older copy read later does not undo a newer one. */
  private readonly members = new Map<string, { state: 'enabled' | 'disabled' | 'cancelled'; at: number }>();
  private readonly listeners = new Set<Listener>();
  private keepMs = 86_400_000;
  private nextSweep = 0;

  /** How long a revoked session must be remembered: the access token's lifetime. */
  keepFor(ms: number): void {
    this.keepMs = ms;
  }

  apply(revocation: Revocation): void {
    const at = Date.parse(revocation.at);
    if (revocation.kind === 'session') {
      if (Date.now() - at > this.keepMs || this.sessions.has(revocation.sessionId)) return;
      this.sessions.set(revocation.sessionId, at);
      this.sweep();
    } else {
      const known = this.members.get(revocation.memberId);
      if (known && (known.at > at || (known.at === at && known.state === revocation.state))) return;
      this.members.set(revocation.memberId, { state: revocation.state, at });
    }
    for (const listener of this.listeners) listener(revocation);
  }

  /** Why the holder of a token of `sessionId` for `memberId` is refused, or null when it is not. */
  refusal(memberId: string, sessionId: string | undefined): ErrorCode | null {
    const state = this.members.get(memberId)?.state;
    if (state === 'disabled') return 'auth.account_disabled';
    if (state === 'cancelled') return 'auth.account_cancelled';
    if (sessionId !== undefined && this.sessions.has(sessionId)) return 'auth.session_ended';
    return null;
  }

  /** Told of every new revocation (a live stream ends when its session or member is revoked). */
  listen(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private sweep(): void {
    const now = Date.now();
    if (now < this.nextSweep) return;
    this.nextSweep = now + 60_000;
    for (const [sessionId, at] of this.sessions) if (now - at > this.keepMs) this.sessions.delete(sessionId);
  }
}

export const accessRevocations = new AccessRevocations();

export function accessRevocationsProjectionName(context: string): string {
  return `${context}-access-revocations`;
}

/**
 * The record of ended sessions and switched-off accounts: what a restarted process loads, and what the other
 * replicas poll. One context per process keeps it (`EventSourcingModule.forContext`: identity where it runs).
 */
export function accessRevocationsProjection(context: string): ProjectionDefinition {
  return {
    name: accessRevocationsProjectionName(context),
    version: 1,
    topics: ['identity.session', 'identity.member'],
    collections: [ACCESS_REVOCATIONS],
    apply(envelope: EventEnvelope, writer: ReadModelWriter) {
      const revocation = revocationOf(envelope);
      if (!revocation) return;
      const at = new Date(revocation.at);
      if (revocation.kind === 'session') {
        writer.upsertVersioned(ACCESS_REVOCATIONS, envelope.streamId, envelope, {
          $set: { kind: 'session', sessionId: revocation.sessionId, at },
        });
      } else {
        writer.upsertVersioned(ACCESS_REVOCATIONS, envelope.streamId, envelope, {
          $set: { kind: 'member', memberId: revocation.memberId, state: revocation.state, at },
        });
      }
      accessRevocations.apply(revocation);
    },
    async createIndexes(db, physical) {
      await db.collection(physical(ACCESS_REVOCATIONS)).createIndex({ at: 1 });
    },
  };
}

/**
 * Loads the revocations at start and then reads the recent ones every `ACCESS_REVOCATION_POLL_MS` (twice a
 * second by default; never in the all-in-one, which applies every revocation itself), so a replica that did not apply an
 * event itself (another replica's projector did) still refuses the token within a second. Provided by
 * `EventSourcingModule.forContext` with the context's database; active in the context that keeps the record.
 */
export class AccessRevocationFeed implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('access-revocations');
  private timer: NodeJS.Timeout | null = null;
  private readonly ttlMs: number;
  private readonly pollMs: number;

  constructor(
    private readonly db: Db,
    config: AppConfig,
    private readonly keepsRecord: () => boolean,
  ) {
    this.ttlMs = config.ACCESS_TOKEN_TTL_SECONDS * 1000;
    this.pollMs = config.ACCESS_REVOCATION_POLL_MS;
    accessRevocations.keepFor(this.ttlMs);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.keepsRecord()) return;
    await this.read({ $or: [{ kind: 'member' }, this.recent()] });
    if (this.pollMs === 0) return;
    this.timer = setInterval(() => {
      this.read(this.recent()).catch((error: unknown) => this.logger.warn({ err: error }, 'poll failed'));
    }, this.pollMs);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Every revocation whose tokens may still be alive, and account changes made as long ago. */
  private recent() {
    return { at: { $gt: new Date(Date.now() - this.ttlMs) } };
  }

  private async read(filter: object): Promise<void> {
    const documents = await this.db.collection<AccessRevocationDocument>(ACCESS_REVOCATIONS).find(filter).toArray();
    for (const document of documents) {
      const at = document.at.toISOString();
      accessRevocations.apply(
        document.kind === 'session'
          ? { kind: 'session', sessionId: document.sessionId!, at }
          : { kind: 'member', memberId: document.memberId!, state: document.state!, at },
      );
    }
  }
}
