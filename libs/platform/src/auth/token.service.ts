import { Inject, Injectable } from '@nestjs/common';
import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import type { Actor } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { APP_CONFIG } from '../config';
import type { AppConfig } from '../config';

export interface AccessClaims {
  sub: string;
  kind: 'member' | 'staff';
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
    return this.sign({ sub: claims.sub, kind: claims.kind });
  }

  /** The actor of a valid token; an expired or forged one is a 401 with a code the client acts on. */
  actorOf(token: string): Actor {
    try {
      const claims = this.verify(token);
      if (typeof claims.sub !== 'string' || (claims.kind !== 'member' && claims.kind !== 'staff')) {
        throw new DomainError('auth.token_invalid');
      }
      return { kind: claims.kind, id: claims.sub };
    } catch (error) {
      if (error instanceof TokenError && error.code === TokenError.codes.expired)
        throw new DomainError('auth.token_expired');
      throw new DomainError('auth.token_invalid');
    }
  }
}

/** `Authorization: Bearer <access>,<refresh>`: the specification's header carries both tokens. */
export function bearerTokens(header: string | undefined): { access: string; refresh: string | null } | null {
  if (!header) return null;
  const match = /^Bearer\s+([^,\s]+)(?:\s*,\s*(\S*))?\s*$/i.exec(header);
  if (!match || match[1] === 'undefined' || match[1] === 'null') return null;
  return { access: match[1]!, refresh: match[2] || null };
}
