import { CanActivate, ExecutionContext, Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '@forum/event-store';
import { RATE_LIMIT, RateLimitRule } from '../auth/decorators';
import { APP_CONFIG } from '../config';
import type { AppConfig } from '../config';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Fixed-window counters in this process. Every write has a default limit per member and per address;
 * routes tighten it with `@RateLimit`. With several replicas each keeps its own counts (a shared store can
 * replace this class without touching routes).
 */
@Injectable()
export class RateLimitGuard implements CanActivate, OnModuleDestroy {
  private readonly windows = new Map<string, { resetAt: number; count: number }>();
  private readonly sweeper: NodeJS.Timeout;
  private readonly defaults: RateLimitRule[];

  constructor(
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.defaults = [
      { limit: config.RATE_LIMIT_WRITES_PER_MINUTE, windowSeconds: 60, by: 'member' },
      { limit: config.RATE_LIMIT_WRITES_PER_MINUTE_PER_IP, windowSeconds: 60, by: 'ip' },
    ];
    this.sweeper = setInterval(() => this.sweep(), 30_000);
    this.sweeper.unref();
  }

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const rules =
      this.reflector.getAllAndOverride<RateLimitRule[]>(RATE_LIMIT, [context.getHandler(), context.getClass()]) ??
      (WRITE_METHODS.has(request.method) ? this.defaults : []);
    const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
    const now = Date.now();
    for (const rule of rules) {
      const who = rule.by === 'ip' || !request.actor.id ? `ip:${request.ip}` : `member:${request.actor.id}`;
      const key = `${route}|${rule.windowSeconds}|${rule.limit}|${who}`;
      let window = this.windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { resetAt: now + rule.windowSeconds * 1000, count: 0 };
        this.windows.set(key, window);
      }
      window.count++;
      if (window.count > rule.limit) {
        const reply = context.switchToHttp().getResponse<FastifyReply>();
        void reply.header('retry-after', Math.ceil((window.resetAt - now) / 1000));
        throw new DomainError('common.rate_limited');
      }
    }
    return true;
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
  }

  private sweep(): void {
    const now = Date.now();
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
