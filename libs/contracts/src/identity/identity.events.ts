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
  schema: z.object({ kind: z.enum(['account', 'nickname', 'phone', 'email']), name: z.string(), ownerId: z.string() }),
});

/** Compensation when the registration that reserved the name could not finish. */
export const NameReleased = defineEvent({
  ...RESERVATION,
  type: 'NameReleased',
  schema: z.object({ kind: z.enum(['account', 'nickname', 'phone', 'email']), name: z.string(), ownerId: z.string() }),
});

export const MemberRegistered = defineEvent({
  ...MEMBER,
  type: 'MemberRegistered',
  schema: z.object({
    memberId: z.string(),
    account: z.string(),
    nickname: z.string(),
    kind: z.enum(['member', 'staff']),
    method: z.enum(['account', 'phone', 'email', 'staff', 'oauth']),
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
  schema: z.object({
    reason: z.enum([
      'logout',
      'refresh_token_reused',
      'password_reset',
      'password_changed',
      'account_cancelled',
      'account_disabled',
    ]),
    revokedAt: z.string(),
  }),
});

/**
 * Contact and credential changes on the member stream. Phone numbers and email addresses stay in identity's
 * private contact store; events carry them masked (`138****5678`, `ab***@example.com`) for display only.
 * Binding a phone is the real-name authentication.
 */
export const PhoneBound = defineEvent({
  ...MEMBER,
  type: 'PhoneBound',
  schema: z.object({ memberId: z.string(), phoneMasked: z.string(), boundAt: z.string() }),
});

export const PhoneChanged = defineEvent({
  ...MEMBER,
  type: 'PhoneChanged',
  schema: z.object({ memberId: z.string(), phoneMasked: z.string(), changedAt: z.string() }),
});

export const EmailBound = defineEvent({
  ...MEMBER,
  type: 'EmailBound',
  schema: z.object({ memberId: z.string(), emailMasked: z.string(), boundAt: z.string() }),
});

/** The password hash changed (in the private credential store); `recovery` = reset after a lost password. */
export const PasswordChanged = defineEvent({
  ...MEMBER,
  type: 'PasswordChanged',
  schema: z.object({ memberId: z.string(), at: z.string(), reason: z.enum(['recovery', 'change']) }),
});

/**
 * Profile changes on the member stream. Every event carries the whole public profile value it changes, so
 * any context's copy of members just sets it. A cancelled member keeps its id and content; everywhere else it
 * shows as "this user account has been cancelled" (no nickname, no avatar).
 */
export const ProfileChanged = defineEvent({
  ...MEMBER,
  type: 'ProfileChanged',
  schema: z.object({
    memberId: z.string(),
    nickname: z.string(),
    allowUserDynamic: z.boolean(),
    changedAt: z.string(),
  }),
});

/** `avatarUrl` is the public URL of a 200×200 webp in the platform file storage. */
export const AvatarChanged = defineEvent({
  ...MEMBER,
  type: 'AvatarChanged',
  schema: z.object({ memberId: z.string(), avatarUrl: z.string(), changedAt: z.string() }),
});

/** Irreversible: the account can no longer sign in; its nickname is released. */
export const MemberCancelled = defineEvent({
  ...MEMBER,
  type: 'MemberCancelled',
  schema: z.object({ memberId: z.string(), by: z.enum(['member', 'staff']), cancelledAt: z.string() }),
});

/** Stream `follow-<followerId>_<followeeId>`: one per pair, so toggles are idempotent and races serialised. */
const FOLLOW = { context: 'identity', aggregate: 'follow' } as const;

export const MemberFollowed = defineEvent({
  ...FOLLOW,
  type: 'MemberFollowed',
  schema: z.object({ followerId: z.string(), followeeId: z.string(), at: z.string() }),
});

/** `followedAt` is when the follow that ends began (read models key their lists by it). */
export const MemberUnfollowed = defineEvent({
  ...FOLLOW,
  type: 'MemberUnfollowed',
  schema: z.object({ followerId: z.string(), followeeId: z.string(), followedAt: z.string(), at: z.string() }),
});

export type MemberProfileEvent =
  EventOf<typeof ProfileChanged> | EventOf<typeof AvatarChanged> | EventOf<typeof MemberCancelled>;
export type FollowEvent = EventOf<typeof MemberFollowed> | EventOf<typeof MemberUnfollowed>;

export type MemberContactEvent =
  | EventOf<typeof PhoneBound>
  | EventOf<typeof PhoneChanged>
  | EventOf<typeof EmailBound>
  | EventOf<typeof PasswordChanged>;
export type ReservationEvent = EventOf<typeof NameReserved> | EventOf<typeof NameReleased>;
export type MemberEvent = EventOf<typeof MemberRegistered>;
export type SessionEvent =
  EventOf<typeof SessionStarted> | EventOf<typeof TokenRenewed> | EventOf<typeof SessionRevoked>;
