import type { CommandMetadata } from '@forum/contracts';
import { DomainError } from '@forum/event-store';

/** Who acts: staff may edit and delete anyone's comment, reply or like; members only their own. */
export interface Editor {
  id: string;
  staff: boolean;
}

/** The signed-in author of a write (staff act as themselves), or 401. */
export function editorOf(meta: CommandMetadata): Editor {
  const { id, kind } = meta.actor;
  if (!id || (kind !== 'member' && kind !== 'staff')) throw new DomainError('auth.unauthorized');
  return { id, staff: kind === 'staff' };
}
