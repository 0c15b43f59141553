import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { forumRevisionKinds } from '@forum/contracts';
import type { CommandMetadata, ForumRevisionKind } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { revisionNumber, routeId } from '@forum/platform';
import type { RevisionVisibilityWritten } from '@forum/platform';
import { ForumRevisions } from './forum-revisions';

/** Staff hide an earlier revision ("hidden by staff" to members) or show it again; audited as staff actions. */
export class SetRevisionHiddenCommand extends Command<RevisionVisibilityWritten> {
  constructor(
    readonly kind: string,
    readonly targetId: string,
    readonly revision: string,
    readonly hidden: boolean,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

@CommandHandler(SetRevisionHiddenCommand)
export class SetRevisionHiddenHandler implements ICommandHandler<SetRevisionHiddenCommand> {
  constructor(private readonly revisions: ForumRevisions) {}

  execute({ kind, targetId, revision, hidden, meta }: SetRevisionHiddenCommand): Promise<RevisionVisibilityWritten> {
    if (!(forumRevisionKinds as readonly string[]).includes(kind)) throw new DomainError('forum.revision_not_found');
    return this.revisions.setHidden(
      kind as ForumRevisionKind,
      routeId(targetId, 'forum.revision_not_found'),
      revisionNumber(revision, 'forum.revision_not_found'),
      hidden,
      meta,
    );
  }
}
