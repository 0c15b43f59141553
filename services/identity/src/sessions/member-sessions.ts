import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import { stepMeta, streamId } from '@forum/contracts';
import type { CommandMetadata, EventEnvelope, SessionEvent } from '@forum/contracts';
import type { ProjectionDefinition, ReadModelWriter } from '@forum/event-bus';
import { EventStore } from '@forum/event-store';
import { CONTEXT_DB } from '@forum/platform';
import { sessionDecider } from './session.decider';

export const MEMBER_SESSIONS = 'member_sessions';

export interface MemberSessionDocument {
  _id: string;
  memberId: string;
  active: boolean;
}

/** Which sessions each member has open, so that all of them can be ended at once. */
export const memberSessionsProjection: ProjectionDefinition = {
  name: 'member-sessions',
  version: 1,
  topics: ['identity.session'],
  collections: [MEMBER_SESSIONS],
  apply(envelope: EventEnvelope, writer: ReadModelWriter) {
    const event = envelope as EventEnvelope & SessionEvent;
    const sessionId = envelope.streamId.slice('session-'.length);
    if (event.type === 'SessionStarted') {
      writer.upsertVersioned(MEMBER_SESSIONS, sessionId, envelope, {
        $set: { memberId: event.data.memberId, active: true },
      });
    } else if (event.type === 'SessionRevoked') {
      writer.upsertVersioned(MEMBER_SESSIONS, sessionId, envelope, { $set: { active: false } });
    }
  },
  async createIndexes(db, physical) {
    await db.collection(physical(MEMBER_SESSIONS)).createIndex({ memberId: 1 });
  },
};

export type SessionEndReason = 'password_reset' | 'password_changed' | 'account_cancelled' | 'account_disabled';

/**
 * Ends every open session of a member (its refresh tokens stop working). A session started a moment ago and not
 * yet projected is still refused at its next renewal, which checks the member's state.
 */
@Injectable()
export class MemberSessions {
  constructor(
    private readonly store: EventStore,
    @Inject(CONTEXT_DB) private readonly db: Db,
  ) {}

  /** Ends every open session of the member but `keep` (the one a password was just changed from). */
  async endAll(
    memberId: string,
    reason: SessionEndReason,
    meta: CommandMetadata,
    keep: string | null = null,
  ): Promise<number> {
    const open = (
      await this.db.collection<MemberSessionDocument>(MEMBER_SESSIONS).find({ memberId, active: true }).toArray()
    ).filter((session) => session._id !== keep);
    for (const session of open) {
      await this.store.handle(
        sessionDecider,
        streamId('session', session._id),
        { type: 'End', reason, now: meta.now },
        stepMeta(meta, `end-session-${session._id}`),
      );
    }
    return open.length;
  }
}
