import type { ErrorCode } from '@forum/contracts';
import { DomainError } from '@forum/event-store';

const ENTITY_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** A path id that could name a stream (no `|`, `.` or odd characters), or the matching "not found". */
export function routeId(value: string, notFound: ErrorCode): string {
  if (!ENTITY_ID.test(value)) throw new DomainError(notFound);
  return value;
}
