import { createHash } from 'node:crypto';
import { ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { InjectThrottlerOptions, InjectThrottlerStorage, ThrottlerGuard } from '@nestjs/throttler';
import type { ThrottlerLimitDetail, ThrottlerModuleOptions, ThrottlerStorage } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '@forum/event-store';
import { RATE_LIMIT, RateLimitRule } from '../auth/decorators';
import { APP_CONFIG } from '../config';
import { RateLimitStorage } from './rate-limit-storage';
import type { AppConfig } from '../config';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Every write's limits unless its route says otherwise: per member (visitors: per address) and per address. */
export function defaultWriteRules(config: AppConfig): RateLimitRule[] {
  return [
    { limit: config.RATE_LIMIT_WRITES_PER_MINUTE, windowSeconds: 60, by: 'member' },
    { limit: config.RATE_LIMIT_WRITES_PER_MINUTE_PER_IP, windowSeconds: 60, by: 'ip' },
  ];
}

/** `@nestjs/throttler`'s options: the default rules as its throttlers; no `X-RateLimit-*` headers (there were none). */
export function rateLimitOptions(config: AppConfig): ThrottlerModuleOptions {
  return {
    setHeaders: false,
    throttlers: defaultWriteRules(config).map((rule) => ({
      name: rule.by,
      limit: rule.limit,
      ttl: rule.windowSeconds * 1000,
    })),
  };
}

/**
 * Every write has a default limit per member and per address; routes tighten it, or limit a read, with
 * `@RateLimit`. `@nestjs/throttler`'s guard counts in the shared store (`RateLimitStorage`, ADR 0050), so the limit
 * holds in total across replicas; a request's rules are counted at once (one round trip's wait). Past it: 429 `common.rate_limited` with `Retry-After` (seconds to the window's end).
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  private readonly defaults: RateLimitRule[];

  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() storage: ThrottlerStorage,
    reflector: Reflector,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    super(options, storage, reflector);
    this.defaults = defaultWriteRules(config);
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const rules =
      this.reflector.getAllAndOverride<RateLimitRule[]>(RATE_LIMIT, [context.getHandler(), context.getClass()]) ??
      (WRITE_METHODS.has(request.method) ? this.defaults : []);
    if (rules.length === 0) return true;
    const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
    const counts = rules.map((rule) => {
      const tracker = rule.by === 'ip' || !request.actor.id ? `ip:${request.ip}` : `member:${request.actor.id}`;
      // Addresses and member ids are stored hashed.
      const key = createHash('sha256')
        .update(`${route}|${rule.windowSeconds}|${rule.limit}|${tracker}`)
        .digest('base64url')
        .slice(0, 32);
      return { rule, ttl: rule.windowSeconds * 1000, tracker, key };
    });
    // A window this replica has seen full refuses at once and counts nothing for the other rules (as when the
    // rules were counted one after the other); otherwise the rules are counted together: one round trip's wait.
    if (this.storageService instanceof RateLimitStorage) {
      for (const { key, ttl } of counts) {
        const left = this.storageService.secondsLeftIfFull(key, ttl);
        if (left > 0) this.refuse(context, left);
      }
    }
    await Promise.all(
      counts.map(({ rule, ttl, tracker, key }) =>
        this.handleRequest({
          context,
          limit: rule.limit,
          ttl,
          blockDuration: ttl,
          throttler: { name: rule.by ?? 'member', limit: rule.limit, ttl, setHeaders: false },
          getTracker: () => tracker,
          generateKey: () => key,
        }),
      ),
    );
    return true;
  }

  protected override throwThrottlingException(context: ExecutionContext, limit: ThrottlerLimitDetail): Promise<void> {
    this.refuse(context, limit.timeToBlockExpire);
  }

  private refuse(context: ExecutionContext, retryAfterSeconds: number): never {
    void context.switchToHttp().getResponse<FastifyReply>().header('retry-after', retryAfterSeconds);
    throw new DomainError('common.rate_limited');
  }
}
