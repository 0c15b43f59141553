import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { Actor, CommandMetadata } from '@forum/contracts';
import { requireMember } from '@forum/platform';
import { DraftStore } from './draft-store';
import type { SaveDraftBody, SavedDraft } from './draft.schemas';

/** A member saves the draft of one editor (a document of its own, never an event: ADR 0031). */
export class SaveDraftCommand extends Command<SavedDraft> {
  constructor(
    readonly key: string,
    readonly body: SaveDraftBody,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

/** Discards the draft (sent, or the member asked); no draft there is no error. */
export class DiscardDraftCommand extends Command<void> {
  constructor(
    readonly key: string,
    readonly actor: Actor,
  ) {
    super();
  }
}

@CommandHandler(SaveDraftCommand)
export class SaveDraftHandler implements ICommandHandler<SaveDraftCommand> {
  constructor(private readonly drafts: DraftStore) {}

  execute({ key, body, meta }: SaveDraftCommand): Promise<SavedDraft> {
    return this.drafts.save(requireMember(meta.actor).id, key, body, meta.now);
  }
}

@CommandHandler(DiscardDraftCommand)
export class DiscardDraftHandler implements ICommandHandler<DiscardDraftCommand> {
  constructor(private readonly drafts: DraftStore) {}

  async execute({ key, actor }: DiscardDraftCommand): Promise<void> {
    await this.drafts.discard(requireMember(actor).id, key);
  }
}
