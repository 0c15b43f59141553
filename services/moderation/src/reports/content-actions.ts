import { Injectable, Logger } from '@nestjs/common';
import { forumContentCommands, qaContentCommands } from '@forum/contracts';
import type { CommandMetadata, ReportKind } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { PeerCommands } from '@forum/platform';

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
    return this.run('delete', input, meta);
  }

  restore(input: ContentActionInput, meta: CommandMetadata): Promise<void> {
    return this.run('restore', input, meta);
  }

  /** The auto-hide acts for the moderation system, not for a person: a failure is logged, the filing stands. */
  async hideQuietly(input: ContentActionInput, meta: CommandMetadata): Promise<void> {
    const system = { ...meta, actor: { kind: 'system' as const, id: 'moderation' } };
    await this.delete(input, system).catch((error: unknown) =>
      this.logger.warn({ err: error, ...input }, 'auto-hide of reported content failed'),
    );
  }

  private async run(action: 'delete' | 'restore', input: ContentActionInput, meta: CommandMetadata): Promise<void> {
    const { kind, contentId } = input;
    // The context that owns each reportable kind deletes and restores its own content on moderation's command.
    try {
      if (kind === 'topic' || kind === 'comment' || kind === 'reply')
        await this.peers.execute(forumContentCommands[action], { kind, contentId }, meta);
      else await this.peers.execute(qaContentCommands[action], { kind, contentId }, meta);
    } catch (error) {
      if (error instanceof DomainError && error.code !== 'common.peer_unavailable') throw error;
      // The owning context is not reachable (or not built yet, for Q&A): say so instead of a 500.
      this.logger.warn({ err: error, kind, action }, 'content action unavailable');
      throw new DomainError('moderation.content_action_unavailable');
    }
  }
}
