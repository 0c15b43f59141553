import type { SessionEvent } from '@forum/contracts';
import { Decider, DomainError } from '@forum/event-store';

/** How many retired refresh tokens a session remembers to recognise reuse of a stolen one. */
const RETIRED_KEPT = 50;

export interface SessionState {
  status: 'none' | 'active' | 'revoked';
  memberId: string | null;
  kind: 'member' | 'staff';
  currentHash: string | null;
  retiredHashes: string[];
  expiresAt: string | null;
}

export type SessionCommand =
  | {
      type: 'Start';
      sessionId: string;
      memberId: string;
      kind: 'member' | 'staff';
      refreshTokenHash: string;
      ip: string;
      now: Date;
      ttlMs: number;
    }
  | { type: 'Renew'; presentedHash: string; newHash: string; ip: string; now: Date; ttlMs: number }
  | {
      type: 'End';
      reason: 'logout' | 'password_reset' | 'password_changed' | 'account_cancelled' | 'account_disabled';
      now: Date;
    };

function renew(command: Extract<SessionCommand, { type: 'Renew' }>, state: SessionState): SessionEvent[] {
  if (state.status === 'none') throw new DomainError('identity.refresh_invalid');
  if (state.status === 'revoked') throw new DomainError('identity.session_revoked');
  if (state.retiredHashes.includes(command.presentedHash)) {
    // A retired token came back: someone holds a copy. End the whole session (the token family).
    return [{ type: 'SessionRevoked', data: { reason: 'refresh_token_reused', revokedAt: command.now.toISOString() } }];
  }
  if (command.presentedHash !== state.currentHash) throw new DomainError('identity.refresh_invalid');
  if (state.expiresAt && command.now.toISOString() >= state.expiresAt)
    throw new DomainError('identity.refresh_invalid');
  return [
    {
      type: 'TokenRenewed',
      data: {
        memberId: state.memberId!,
        refreshTokenHash: command.newHash,
        ip: command.ip,
        renewedAt: command.now.toISOString(),
        expiresAt: new Date(command.now.getTime() + command.ttlMs).toISOString(),
      },
    },
  ];
}

/** A login session: its refresh token rotates on every use; reuse of a retired one revokes the session. */
export const sessionDecider: Decider<SessionState, SessionCommand, SessionEvent> = {
  name: 'session',
  initialState: () => ({
    status: 'none',
    memberId: null,
    kind: 'member',
    currentHash: null,
    retiredHashes: [],
    expiresAt: null,
  }),
  evolve(state, event) {
    switch (event.type) {
      case 'SessionStarted':
        return {
          ...state,
          status: 'active',
          memberId: event.data.memberId,
          kind: event.data.kind,
          currentHash: event.data.refreshTokenHash,
          expiresAt: event.data.expiresAt,
        };
      case 'TokenRenewed':
        return {
          ...state,
          currentHash: event.data.refreshTokenHash,
          retiredHashes: [...state.retiredHashes, state.currentHash!].slice(-RETIRED_KEPT),
          expiresAt: event.data.expiresAt,
        };
      case 'SessionRevoked':
        return { ...state, status: 'revoked' };
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'Start':
        if (state.status !== 'none') throw new DomainError('common.conflict');
        return [
          {
            type: 'SessionStarted',
            data: {
              sessionId: command.sessionId,
              memberId: command.memberId,
              kind: command.kind,
              refreshTokenHash: command.refreshTokenHash,
              ip: command.ip,
              startedAt: command.now.toISOString(),
              expiresAt: new Date(command.now.getTime() + command.ttlMs).toISOString(),
            },
          },
        ];
      case 'Renew':
        return renew(command, state);
      case 'End':
        return state.status === 'active'
          ? [{ type: 'SessionRevoked', data: { reason: command.reason, revokedAt: command.now.toISOString() } }]
          : [];
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
};
