import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import { isStaffPermission, newId, streamId } from '@forum/contracts';
import type { CommandMetadata } from '@forum/contracts';
import { DomainError, EventStore } from '@forum/event-store';
import { CONTEXT_DB, PermissionChecker, TokenService } from '@forum/platform';
import { MEMBERS, MemberDocument } from '../projections/member-directory.projection';
import { sessionDecider } from './session.decider';

const REFRESH_TTL_MS = 30 * 86_400_000;

export interface SystemUser {
  id: string;
  account: string;
  nickname: string;
  kind: 'member' | 'staff';
  avatarUrl: string | null;
  /** Staff only: the staff permissions held now (the console hides what they do not open; the server checks). */
  permissions?: string[];
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  systemUser: SystemUser;
}

/** `<sessionId>.<secret>`: the session is found without a lookup; only the SHA-256 of the whole token is kept. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function sessionStreamOf(refreshToken: string): { sessionId: string; stream: string } {
  const sessionId = refreshToken.split('.')[0] ?? '';
  if (!/^[0-9a-f-]{36}$/.test(sessionId)) throw new DomainError('identity.refresh_invalid');
  return { sessionId, stream: streamId('session', sessionId) };
}

/** Starts, renews and ends login sessions, and issues the token pair the client stores. */
@Injectable()
export class SessionIssuer {
  constructor(
    private readonly store: EventStore,
    private readonly tokens: TokenService,
    @Inject(CONTEXT_DB) private readonly db: Db,
    private readonly permissions: PermissionChecker,
  ) {}

  async start(member: MemberDocument, meta: CommandMetadata): Promise<IssuedTokens> {
    const sessionId = newId(meta.now.getTime());
    const refreshToken = `${sessionId}.${randomBytes(32).toString('base64url')}`;
    await this.store.handle(
      sessionDecider,
      streamId('session', sessionId),
      {
        type: 'Start',
        sessionId,
        memberId: member._id,
        kind: member.kind,
        refreshTokenHash: hashRefreshToken(refreshToken),
        ip: meta.actor.ip ?? '',
        now: meta.now,
        ttlMs: REFRESH_TTL_MS,
      },
      meta,
    );
    return this.tokensFor(member, sessionId, refreshToken, meta.now);
  }

  async renew(refreshToken: string, meta: CommandMetadata): Promise<IssuedTokens> {
    const { sessionId, stream } = sessionStreamOf(refreshToken);
    const next = `${sessionId}.${randomBytes(32).toString('base64url')}`;
    const result = await this.store.handle(
      sessionDecider,
      stream,
      {
        type: 'Renew',
        presentedHash: hashRefreshToken(refreshToken),
        newHash: hashRefreshToken(next),
        ip: meta.actor.ip ?? '',
        now: meta.now,
        ttlMs: REFRESH_TTL_MS,
      },
      meta,
    );
    const event = result.events[0];
    if (event?.type !== 'TokenRenewed') throw new DomainError('identity.session_revoked');
    const member = await this.db
      .collection<MemberDocument>(MEMBERS)
      .findOne({ _id: (event.data as { memberId: string }).memberId });
    if (!member || member.state !== 'enabled') throw new DomainError('identity.refresh_invalid');
    return this.tokensFor(member, sessionId, next, meta.now);
  }

  async end(refreshToken: string, meta: CommandMetadata): Promise<void> {
    await this.store.handle(
      sessionDecider,
      sessionStreamOf(refreshToken).stream,
      { type: 'End', reason: 'logout', now: meta.now },
      meta,
    );
  }

  private async tokensFor(
    member: MemberDocument,
    sessionId: string,
    refreshToken: string,
    now: Date,
  ): Promise<IssuedTokens> {
    const staffPermissions =
      member.kind === 'staff'
        ? {
            permissions: (await this.permissions.effective({ kind: 'staff', id: member._id }, now))
              .list()
              .filter(isStaffPermission),
          }
        : {};
    return {
      accessToken: this.tokens.issueAccessToken({ sub: member._id, kind: member.kind, sid: sessionId }),
      refreshToken,
      systemUser: {
        id: member._id,
        account: member.account,
        nickname: member.nickname,
        kind: member.kind,
        avatarUrl: member.avatarUrl ?? null,
        ...staffPermissions,
      },
    };
  }
}
