import { Inject, Injectable } from '@nestjs/common';
import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import type { Actor } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { APP_CONFIG } from '../config';
import type { AppConfig } from '../config';
import { accessRevocations } from './access-revocations';

export interface AccessClaims {
  sub: string;
  kind: 'member' | 'staff';
  /** The login session the token belongs to: logging out of it ends the token too. */
  sid?: string;
}

/** Signs and verifies access tokens (HS256). Issuing them after a login is the identity context's job. */
@Injectable()
export class TokenService {
  private readonly sign: (claims: AccessClaims) => string;
  private readonly verify: (token: string) => AccessClaims;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.sign = createSigner({
      key: config.JWT_SECRET,
      algorithm: 'HS256',
      expiresIn: config.ACCESS_TOKEN_TTL_SECONDS * 1000,
    });
    this.verify = createVerifier({ key: config.JWT_SECRET, algorithms: ['HS256'], cache: 10_000 });
  }

  issueAccessToken(claims: AccessClaims): string {
    return this.sign({ sub: claims.sub, kind: claims.kind, ...(claims.sid ? { sid: claims.sid } : {}) });
  }

  /**
   * The actor of a valid token; an expired or forged one, or one whose session or account has ended since it was
   * issued, is a 401 with a code the client acts on.
   */
  actorOf(token: string): Actor {
    return this.accessOf(token).actor;
  }

  /** `actorOf`, with the login session the token belongs to (tokens made by tests and tools have none). */
  accessOf(token: string): { actor: Actor; sessionId: string | null } {
    const claims = this.claimsOf(token);
    const refusal = accessRevocations.refusal(claims.sub, claims.sid);
    if (refusal) throw new DomainError(refusal);
    return { actor: { kind: claims.kind, id: claims.sub }, sessionId: claims.sid ?? null };
  }

  private claimsOf(token: string): AccessClaims {
    let claims: AccessClaims;
    try {
      claims = this.verify(token);
    } catch (error) {
      if (error instanceof TokenError && error.code === TokenError.codes.expired)
        throw new DomainError('auth.token_expired');
      throw new DomainError('auth.token_invalid');
    }
    if (
      typeof claims.sub !== 'string' ||
      (claims.kind !== 'member' && claims.kind !== 'staff') ||
      (claims.sid !== undefined && typeof claims.sid !== 'string')
    ) {
      throw new DomainError('auth.token_invalid');
    }
    return claims;
  }
}

/** `Authorization: Bearer <access>,<refresh>`: the member site's header carries both tokens (docs/rules/people.md, accounts). */
export function bearerTokens(header: string | undefined): { access: string; refresh: string | null } | null {
  if (!header) return null;
  const match = /^Bearer\s+([^,\s]+)(?:\s*,\s*(\S*))?\s*$/i.exec(header);
  if (!match || match[1] === 'undefined' || match[1] === 'null') return null;
  return { access: match[1]!, refresh: match[2] || null };
}
