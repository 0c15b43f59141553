import type { EventEnvelope, SessionEvent } from '@forum/contracts';
import type { ProjectionDefinition, ReadModelWriter } from '@forum/event-bus';
import { ipLocationOf } from '@forum/platform';

export const LOGIN_LOGS = 'login_logs';
export const LOGIN_LOG_KEPT = 100;

export interface LoginLogEntry {
  at: string;
  ip: string;
  /** From the offline IP database when the entry was projected; older entries lack it (filled at read). */
  ipLocation?: string | null;
  type: 'login' | 'renewal';
}

/** One document per member with the newest 100 logins and renewals, read by `_id`. */
export const loginLogProjection: ProjectionDefinition = {
  name: 'login-log',
  version: 1,
  topics: ['identity.session'],
  collections: [LOGIN_LOGS],
  apply(envelope: EventEnvelope, writer: ReadModelWriter) {
    const event = envelope as EventEnvelope & SessionEvent;
    const entry =
      event.type === 'SessionStarted'
        ? { memberId: event.data.memberId, at: event.data.startedAt, ip: event.data.ip, type: 'login' }
        : event.type === 'TokenRenewed'
          ? { memberId: event.data.memberId, at: event.data.renewedAt, ip: event.data.ip, type: 'renewal' }
          : null;
    if (!entry) return;
    const { memberId, ...logged } = entry;
    const push = { entries: { $each: [{ ...logged, ipLocation: ipLocationOf(logged.ip) }], $slice: -LOGIN_LOG_KEPT } };
    writer.updateOnce(LOGIN_LOGS, memberId, envelope, { $push: push as never }, { upsert: true });
  },
};
