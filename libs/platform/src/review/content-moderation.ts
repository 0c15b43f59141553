import type { Actor, CommandMetadata, ContentModerationCommand } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import type { PeerCommands } from '../peers/peer-commands';

export type ModerationAction = 'delete' | 'restore';

/** What a content context tells the moderation peer commands about one of its items. */
export interface ModeratedContent<TRef> {
  /** Whether the item is deleted now, from its own stream; unknown items are refused with the context's not-found. */
  isDeleted(ref: TRef): Promise<boolean>;
  /** Runs the context's own staff delete or restore, as `meta`'s staff member. */
  change(ref: TRef, action: ModerationAction, meta: CommandMetadata): Promise<void>;
}

/**
 * Registers the moderation context's commands on a context's content (ADR 0020): `<context>.deleteContent` when
 * staff uphold a report or enough members report an item, `<context>.restoreContent` when a hidden item is cleared.
 * Idempotent: deleting a deleted item or restoring a live one changes nothing.
 */
export function registerContentModeration<K extends string>(
  peers: PeerCommands,
  commands: { delete: ContentModerationCommand<K>; restore: ContentModerationCommand<K> },
  content: ModeratedContent<{ kind: K; contentId: string }>,
): void {
  type TRef = { kind: K; contentId: string };
  const apply = async (ref: TRef, given: CommandMetadata, action: ModerationAction) => {
    const meta = asModerator(given);
    const deleted = await content.isDeleted(ref);
    if (deleted === (action === 'delete')) return { changed: false };
    await content.change(ref, action, meta);
    return { changed: true };
  };
  peers.register(commands.delete, (input, meta) => apply(input as TRef, meta, 'delete'));
  peers.register(commands.restore, (input, meta) => apply(input as TRef, meta, 'restore'));
}

/**
 * The moderation system (an automatic hide after enough reports) acting on content: a staff actor for the content
 * context's staff delete, holding every permission (`PermissionChecker`), since moderation decided it.
 */
export const SYSTEM_MODERATOR: Actor = { kind: 'staff', id: 'moderation' };

export function isSystemModerator(actor: Actor): boolean {
  return actor.kind === SYSTEM_MODERATOR.kind && actor.id === SYSTEM_MODERATOR.id;
}

/** Staff act as themselves (the content context checks their permission); the moderation system as itself. */
function asModerator(meta: CommandMetadata): CommandMetadata {
  if (meta.actor.kind === 'staff') return meta;
  if (meta.actor.kind === 'system') return { ...meta, actor: SYSTEM_MODERATOR };
  throw new DomainError('auth.forbidden');
}
