import type { SessionEvent } from '@forum/contracts';
import { given } from '@forum/testing';
import { sessionDecider } from './session.decider';

const now = new Date('2026-11-21T10:00:00.000Z');
const DAY = 86_400_000;
const started = (hash = 'h1'): SessionEvent => ({
  type: 'SessionStarted',
  data: {
    sessionId: 's1',
    memberId: 'm1',
    kind: 'member',
    refreshTokenHash: hash,
    ip: '1.2.3.4',
    startedAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + 30 * DAY).toISOString(),
  },
});
const renewed = (hash: string, at = now): SessionEvent => ({
  type: 'TokenRenewed',
  data: {
    memberId: 'm1',
    refreshTokenHash: hash,
    ip: '1.2.3.4',
    renewedAt: at.toISOString(),
    expiresAt: new Date(at.getTime() + 30 * DAY).toISOString(),
  },
});
const renew = (presentedHash: string, newHash: string, at = now) =>
  ({ type: 'Renew', presentedHash, newHash, ip: '1.2.3.4', now: at, ttlMs: 30 * DAY }) as const;

describe('session decider (refresh-token rotation)', () => {
  it('rotates the refresh token on use', () => {
    given(sessionDecider, [started('h1')])
      .when(renew('h1', 'h2'))
      .then([renewed('h2')]);
  });

  it('revokes the whole session when a retired token is used again', () => {
    given(sessionDecider, [started('h1'), renewed('h2')])
      .when(renew('h1', 'h3'))
      .then([{ type: 'SessionRevoked', data: { reason: 'refresh_token_reused', revokedAt: now.toISOString() } }]);
  });

  it('refuses every token after revocation, the current one included', () => {
    given(sessionDecider, [
      started('h1'),
      renewed('h2'),
      { type: 'SessionRevoked', data: { reason: 'refresh_token_reused', revokedAt: now.toISOString() } },
    ])
      .when(renew('h2', 'h3'))
      .thenError('identity.session_revoked');
  });

  it('refuses an unknown or expired token without revoking', () => {
    given(sessionDecider, [started('h1')])
      .when(renew('zz', 'h2'))
      .thenError('identity.refresh_invalid');
    given(sessionDecider, [started('h1')])
      .when(renew('h1', 'h2', new Date(now.getTime() + 31 * DAY)))
      .thenError('identity.refresh_invalid');
    given(sessionDecider).when(renew('h1', 'h2')).thenError('identity.refresh_invalid');
  });

  it('ends on logout once', () => {
    given(sessionDecider, [started()])
      .when({ type: 'End', reason: 'logout', now })
      .then([{ type: 'SessionRevoked', data: { reason: 'logout', revokedAt: now.toISOString() } }]);
    given(sessionDecider, [
      started(),
      { type: 'SessionRevoked', data: { reason: 'logout', revokedAt: now.toISOString() } },
    ])
      .when({ type: 'End', reason: 'logout', now })
      .thenNothingHappened();
  });
});
