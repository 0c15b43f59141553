import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import { CONTEXT_DB } from '@forum/platform';
import { pkceChallenge, randomToken, sha256 } from '../oauth-stores';

export const SANDBOX_CLIENT_ID = 'forum-sandbox';
const TICKET_TTL_MS = 10 * 60_000;
const CODE_TTL_MS = 60_000;
const TOKEN_TTL_MS = 3_600_000;

export interface SandboxAuthorization {
  clientId: string;
  redirectUri: string;
  state: string;
  codeChallenge: string;
}

/** An OAuth error as the token endpoint answers it (RFC 6749 §5.2). */
export class SandboxGrantError extends Error {
  constructor(readonly error: 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'invalid_token') {
    super(error);
  }
}

interface TicketDocument extends SandboxAuthorization {
  _id: string;
  expiresAt: Date;
}

interface CodeDocument {
  _id: string;
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  subject: string;
  nickname: string;
  expiresAt: Date;
}

interface TokenDocument {
  _id: string;
  subject: string;
  nickname: string;
  expiresAt: Date;
}

/**
 * The built-in local OAuth 2 provider's authority: approval tickets (the approve form's anti-forgery token), codes
 * (single use, 60 s, bound to client, redirect URI and PKCE challenge) and access tokens. Everything by hash.
 */
@Injectable()
export class SandboxAuthority {
  constructor(@Inject(CONTEXT_DB) private readonly db: Db) {}

  /** The approve page carries this ticket; only a form the page rendered can approve. */
  async ticket(authorization: SandboxAuthorization, now: Date): Promise<string> {
    const ticket = randomToken();
    await this.db
      .collection<TicketDocument>('oauth_sandbox_tickets')
      .insertOne({ _id: sha256(ticket), ...authorization, expiresAt: new Date(now.getTime() + TICKET_TTL_MS) });
    return ticket;
  }

  async redeemTicket(ticket: string, now: Date): Promise<SandboxAuthorization | null> {
    const found = await this.db
      .collection<TicketDocument>('oauth_sandbox_tickets')
      .findOneAndDelete({ _id: sha256(ticket) });
    if (!found || found.expiresAt.getTime() <= now.getTime()) return null;
    const { clientId, redirectUri, state, codeChallenge } = found;
    return { clientId, redirectUri, state, codeChallenge };
  }

  async issueCode(
    authorization: SandboxAuthorization,
    user: { subject: string; nickname: string },
    now: Date,
  ): Promise<string> {
    const code = randomToken();
    await this.db.collection<CodeDocument>('oauth_sandbox_codes').insertOne({
      _id: sha256(code),
      clientId: authorization.clientId,
      redirectUri: authorization.redirectUri,
      codeChallenge: authorization.codeChallenge,
      ...user,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    });
    return code;
  }

  /** The token endpoint's work: the code is gone after the first try, right or wrong. */
  async exchange(
    request: { code: string; clientId: string; redirectUri: string; codeVerifier: string },
    now: Date,
  ): Promise<{ accessToken: string; expiresIn: number }> {
    if (request.clientId !== SANDBOX_CLIENT_ID) throw new SandboxGrantError('invalid_client');
    const found = await this.db
      .collection<CodeDocument>('oauth_sandbox_codes')
      .findOneAndDelete({ _id: sha256(request.code) });
    if (
      !found ||
      found.expiresAt.getTime() <= now.getTime() ||
      found.clientId !== request.clientId ||
      found.redirectUri !== request.redirectUri ||
      pkceChallenge(request.codeVerifier) !== found.codeChallenge
    ) {
      throw new SandboxGrantError('invalid_grant');
    }
    const accessToken = randomToken();
    await this.db.collection<TokenDocument>('oauth_sandbox_tokens').insertOne({
      _id: sha256(accessToken),
      subject: found.subject,
      nickname: found.nickname,
      expiresAt: new Date(now.getTime() + TOKEN_TTL_MS),
    });
    return { accessToken, expiresIn: TOKEN_TTL_MS / 1000 };
  }

  async userInfo(accessToken: string, now: Date): Promise<{ sub: string; nickname: string }> {
    const found = await this.db.collection<TokenDocument>('oauth_sandbox_tokens').findOne({ _id: sha256(accessToken) });
    if (!found || found.expiresAt.getTime() <= now.getTime()) throw new SandboxGrantError('invalid_token');
    return { sub: found.subject, nickname: found.nickname };
  }
}
