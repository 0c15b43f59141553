import { CanActivate, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '@forum/event-store';
import { SiteSettingsCache } from './site-settings.cache';

export const OPEN_WHEN_CLOSED = 'forum:open-when-closed';
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Keeps a route answering while the site is closed (site info, staff login, health). */
export const OpenWhenClosed = () => SetMetadata(OPEN_WHEN_CLOSED, true);

/**
 * The site modes (docs/rules/moderation.md, settings) on every route: closed → 503 with the staff's notice (except routes marked
 * `@OpenWhenClosed()`); read-only → every member write refused with the notice. Staff keep working in both.
 */
@Injectable()
export class SiteModeGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly settings: SiteSettingsCache,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const { siteMode, closedNotice } = this.settings.current();
    if (siteMode === 'open') return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (request.actor?.kind === 'staff') return true;
    const openAnyway = this.reflector.getAllAndOverride<boolean>(OPEN_WHEN_CLOSED, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (siteMode === 'closed' && !openAnyway) throw new DomainError('site.closed', {}, undefined, closedNotice);
    if (siteMode === 'readOnly' && WRITE_METHODS.has(request.method) && !openAnyway) {
      throw new DomainError('site.read_only', {}, undefined, closedNotice);
    }
    return true;
  }
}
