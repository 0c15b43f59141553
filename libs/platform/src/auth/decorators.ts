import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { Actor, CommandMetadata } from '@forum/contracts';

export const IS_PUBLIC = 'forum:public';
export const SKIP_CSRF = 'forum:skip-csrf';
export const RATE_LIMIT = 'forum:rate-limit';
export const STAFF_ONLY = 'forum:staff-only';

/**
 * Opens a route to visitors; the auth guard still identifies a caller who sends a valid token. Marked `x-public`
 * in the OpenAPI document so the security suite can check every other route refuses visitors.
 */
export const Public = () => applyDecorators(SetMetadata(IS_PUBLIC, true), ApiExtension('x-public', true));

/** Staff accounts only (fine-grained staff permissions come with the moderation console). */
export const StaffOnly = () => applyDecorators(SetMetadata(STAFF_ONLY, true), ApiExtension('x-staff-only', true));

/** For server-to-server callbacks (payment notifications) that carry their own signature instead. */
export const SkipCsrf = () => applyDecorators(SetMetadata(SKIP_CSRF, true), ApiExtension('x-skip-csrf', true));

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
  /** Count per client address, per member (falls back to address for visitors), or both. */
  by?: 'ip' | 'member';
}

/** Overrides the default write limit of a route (or sets one on a read). */
export const RateLimit = (...rules: RateLimitRule[]) => SetMetadata(RATE_LIMIT, rules);

export const CurrentActor = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): Actor => ctx.switchToHttp().getRequest<FastifyRequest>().actor,
);

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,128}$/;

/**
 * The command metadata of this request: actor, time, correlation id, and the client's `Idempotency-Key`
 * scoped to the actor so two members can never collide.
 */
export const CommandMeta = createParamDecorator((_: unknown, ctx: ExecutionContext): CommandMetadata => {
  const request = ctx.switchToHttp().getRequest<FastifyRequest>();
  const key = request.headers['idempotency-key'];
  const scopedKey =
    typeof key === 'string' && IDEMPOTENCY_KEY.test(key) ? `${request.actor.id ?? request.ip}:${key}` : undefined;
  return {
    actor: request.actor,
    now: new Date(),
    correlationId: String(request.id),
    causationId: null,
    ...(scopedKey ? { idempotencyKey: scopedKey } : {}),
  };
});
