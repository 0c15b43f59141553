import { z } from 'zod';
import { defineEvent, EventOf } from '../event-contract';

/**
 * Identity's events. Secrets never travel in events: password hashes stay in identity's private credential
 * store; sessions carry only the SHA-256 of their refresh token (a 256-bit random secret, not reversible).
 */
const RESERVATION = { context: 'identity', aggregate: 'reservation' } as const;
const MEMBER = { context: 'identity', aggregate: 'member' } as const;
const SESSION = { context: 'identity', aggregate: 'session' } as const;

/** A unique name (login account, nickname) taken by its owner: one stream per name makes it exactly-once. */
export const NameReserved = defineEvent({
  ...RESERVATION,
  type: 'NameReserved',
  schema: z.object({ kind: z.enum(['account', 'nickname']), name: z.string(), ownerId: z.string() }),
});

/** Compensation when the registration that reserved the name could not finish. */
export const NameReleased = defineEvent({
  ...RESERVATION,
  type: 'NameReleased',
  schema: z.object({ kind: z.enum(['account', 'nickname']), name: z.string(), ownerId: z.string() }),
});

export const MemberRegistered = defineEvent({
  ...MEMBER,
  type: 'MemberRegistered',
  schema: z.object({
    memberId: z.string(),
    account: z.string(),
    nickname: z.string(),
    kind: z.enum(['member', 'staff']),
    method: z.enum(['account', 'phone', 'email', 'staff']),
    registeredAt: z.string(),
  }),
});

export const SessionStarted = defineEvent({
  ...SESSION,
  type: 'SessionStarted',
  schema: z.object({
    sessionId: z.string(),
    memberId: z.string(),
    kind: z.enum(['member', 'staff']),
    refreshTokenHash: z.string(),
    ip: z.string(),
    startedAt: z.string(),
    expiresAt: z.string(),
  }),
});

/** A refresh: the presented token is retired and a new one issued (the login log calls it a renewal). */
export const TokenRenewed = defineEvent({
  ...SESSION,
  type: 'TokenRenewed',
  schema: z.object({
    memberId: z.string(),
    refreshTokenHash: z.string(),
    ip: z.string(),
    renewedAt: z.string(),
    expiresAt: z.string(),
  }),
});

export const SessionRevoked = defineEvent({
  ...SESSION,
  type: 'SessionRevoked',
  schema: z.object({ reason: z.enum(['logout', 'refresh_token_reused']), revokedAt: z.string() }),
});

export type ReservationEvent = EventOf<typeof NameReserved> | EventOf<typeof NameReleased>;
export type MemberEvent = EventOf<typeof MemberRegistered>;
export type SessionEvent =
  EventOf<typeof SessionStarted> | EventOf<typeof TokenRenewed> | EventOf<typeof SessionRevoked>;
