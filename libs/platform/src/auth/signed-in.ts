import type { Actor } from '@forum/contracts';
import { DomainError } from '@forum/event-store';

/** The account behind a request that may act as a member: its id, and whether it is staff (staff act as themselves). */
export interface SignedIn {
  id: string;
  staff: boolean;
}

/** A member or a staff account with its id: not a visitor, and not the system (reactors, jobs). */
export function isMember(actor: Actor): actor is Actor & { id: string; kind: 'member' | 'staff' } {
  return !!actor.id && (actor.kind === 'member' || actor.kind === 'staff');
}

/**
 * The signed-in member or staff account, or 401 (`auth.unauthorized`). The one check behind every route that acts
 * for "the caller": the auth guard lets a visitor through `@Public()` routes, and a command can come from elsewhere.
 */
export function requireMember(actor: Actor): SignedIn {
  if (!isMember(actor)) throw new DomainError('auth.unauthorized');
  return { id: actor.id, staff: actor.kind === 'staff' };
}
