import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '@forum/event-store';
import { VISITOR } from '../http/request-context';
import { IS_PUBLIC, STAFF_ONLY } from './decorators';
import { bearerTokens, TokenService } from './token.service';

/** On for every route: a valid access token is required unless the route is `@Public()`. */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokenService,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    const bearer = bearerTokens(request.headers.authorization);
    request.actor = { ...VISITOR, ip: request.ip };
    if (!bearer) {
      if (isPublic) return true;
      throw new DomainError('auth.unauthorized');
    }
    try {
      const { actor, sessionId } = this.tokens.accessOf(bearer.access);
      request.actor = { ...actor, ip: request.ip };
      request.sessionId = sessionId;
    } catch (error) {
      // A stale or revoked token on a public page reads as a visitor; the client refreshes when it needs to.
      if (!isPublic) throw error;
    }
    const staffOnly = this.reflector.getAllAndOverride<boolean>(STAFF_ONLY, [context.getHandler(), context.getClass()]);
    if (staffOnly && request.actor.kind !== 'staff') throw new DomainError('auth.forbidden');
    return true;
  }
}
