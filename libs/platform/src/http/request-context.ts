import type { Actor } from '@forum/contracts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling: set by the auth guard (a visitor when no valid token came). */
    actor: Actor;
    /** The caller's login session (from the access token), when it has one. */
    sessionId?: string | null;
    startedAt: bigint;
  }
}

export const VISITOR: Actor = { kind: 'visitor', id: null };
