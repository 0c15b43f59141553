import { Injectable, Logger } from '@nestjs/common';
import type { CommandMetadata, ReportKind } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { PeerCommands } from '@forum/platform';
import type { PeerCommandName } from '@forum/platform';

/** The context that owns each reportable kind: it deletes and restores its own content on moderation's command. */
const OWNER: Record<ReportKind, 'forum' | 'qa'> = {
  topic: 'forum',
  comment: 'forum',
  reply: 'forum',
  question: 'qa',
  answer: 'qa',
  answerReply: 'qa',
};

/** What the owning context's `deleteContent` / `restoreContent` peer commands take (ADR 0020). */
export interface ContentActionInput {
  kind: ReportKind;
  contentId: string;
}

/** Moderation acting on content it does not own: a synchronous peer command to the owning context. */
@Injectable()
export class ContentActions {
  private readonly logger = new Logger(ContentActions.name);

  constructor(private readonly peers: PeerCommands) {}

  /** Soft-deletes the content (restorable by staff); the owner's refusal travels back as its `DomainError`. */
  delete(input: ContentActionInput, meta: CommandMetadata): Promise<void> {
    return this.run(`${OWNER[input.kind]}.deleteContent`, input, meta);
  }

  restore(input: ContentActionInput, meta: CommandMetadata): Promise<void> {
    return this.run(`${OWNER[input.kind]}.restoreContent`, input, meta);
  }

  /** The auto-hide acts for the moderation system, not for a person: a failure is logged, the filing stands. */
  async hideQuietly(input: ContentActionInput, meta: CommandMetadata): Promise<void> {
    const system = { ...meta, actor: { kind: 'system' as const, id: 'moderation' } };
    await this.delete(input, system).catch((error: unknown) =>
      this.logger.warn({ err: error, ...input }, 'auto-hide of reported content failed'),
    );
  }

  private async run(name: PeerCommandName, input: ContentActionInput, meta: CommandMetadata): Promise<void> {
    try {
      await this.peers.execute(name, input, meta);
    } catch (error) {
      if (error instanceof DomainError) throw error;
      // The owning context is not reachable (or not built yet, for Q&A): say so instead of a 500.
      this.logger.warn({ err: error, name }, 'content action unavailable');
      throw new DomainError('moderation.content_action_unavailable');
    }
  }
}
