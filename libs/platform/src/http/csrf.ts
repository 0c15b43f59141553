import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomToken } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { SKIP_CSRF } from '../auth/decorators';

export const CSRF_COOKIE = 'cms_token';
export const CSRF_HEADER = 'bbs-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Gives every client without one a `cms_token` cookie, readable by scripts so they can echo it. */
export function issueCsrfCookie(secure: boolean) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (!request.cookies[CSRF_COOKIE]) {
      reply.setCookie(CSRF_COOKIE, randomToken(24), {
        path: '/',
        sameSite: 'lax',
        httpOnly: false,
        secure,
      });
    }
  };
}

/** Double-submit: every write must echo the `cms_token` cookie in the `BBS-XSRF-TOKEN` header. */
@Injectable()
export class CsrfGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (SAFE_METHODS.has(request.method)) return true;
    if (this.reflector.getAllAndOverride<boolean>(SKIP_CSRF, [context.getHandler(), context.getClass()])) return true;
    const cookie = request.cookies[CSRF_COOKIE];
    const header = request.headers[CSRF_HEADER];
    if (typeof cookie !== 'string' || typeof header !== 'string' || !sameSecret(cookie, header)) {
      throw new DomainError('csrf.invalid');
    }
    return true;
  }
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && left.length >= 16 && timingSafeEqual(left, right);
}
