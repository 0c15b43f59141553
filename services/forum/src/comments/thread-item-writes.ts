import { Inject, Injectable } from '@nestjs/common';
import { stepMeta, streamId } from '@forum/contracts';
import type { CommandMetadata, NewEvent, SubmissionPayload } from '@forum/contracts';
import { ProjectionWaiter } from '@forum/event-bus';
import { Decider, DomainError, EventStore } from '@forum/event-store';
import { APP_CONFIG, PermissionChecker, requireMember, SiteSettingsCache } from '@forum/platform';
import type { AppConfig } from '@forum/platform';
import { COUNTER_READERS, TopicCounters } from '../shared/counters';
import { ReviewCommands } from '../review/review.commands';

import type { Editor } from '../shared/editor';
import { CommentContent } from './comment-content';
import { COMMENTS_PROJECTION } from './comments.projection';
import { allVisible } from '../shared/read-your-writes';

/**
 * One kind of item in a topic's thread (a comment, a reply; Q&A answers next): its own stream, written by the
 * same steps. What differs between kinds is here; `ThreadItemWrites` is what they share.
 */
export interface ThreadItemKind<TCommand> {
  /** The stream category (`comment-<id>`), also the idempotency step of posting. */
  category: 'comment' | 'reply';
  decider: Decider<unknown, TCommand, NewEvent>;
  /** The id field of the posted event (an idempotent replay answers with the first post's id). */
  idField: string;
  edit(by: Editor, contentHtml: string, mentions: string[], now: Date): TCommand;
  delete(by: Editor, now: Date): TCommand;
  restore(by: Editor, now: Date): TCommand;
}

/**
 * A kind whose decider takes the shared commands as `Edit<Name>`, `Delete<Name>`, `Restore<Name>` (the same
 * fields for every kind: who, content, mentions, when) and whose posted event carries `<category>Id`.
 */
export function threadItemKind<TCommand>(
  category: ThreadItemKind<TCommand>['category'],
  decider: ThreadItemKind<TCommand>['decider'],
  name: string,
): ThreadItemKind<TCommand> {
  const command = (fields: object) => fields as TCommand;
  return {
    category,
    decider,
    idField: `${category}Id`,
    edit: (by, contentHtml, mentions, now) => command({ type: `Edit${name}`, by, contentHtml, mentions, now }),
    delete: (by, now) => command({ type: `Delete${name}`, by, now }),
    restore: (by, now) => command({ type: `Restore${name}`, by, now }),
  };
}

/** What a write answers: the item's id, and whether the lists and counts showed it within the wait. */
export interface ThreadItemWritten {
  id: string;
  visible: boolean;
  /** True when the item waits in the review queue (ADR 0014). */
  pending?: boolean;
}

/**
 * The steps every thread item shares: the `comments` and `editComments` switches, sanitizing, the review
 * queue, the append, counting the topic's counters inline (the counter reactor then finds the count done) and
 * waiting until the comment lists and counters show the change (read your writes, ADR 0010).
 */
@Injectable()
export class ThreadItemWrites {
  constructor(
    private readonly store: EventStore,
    private readonly content: CommentContent,
    private readonly counters: TopicCounters,
    private readonly settings: SiteSettingsCache,
    private readonly waiter: ProjectionWaiter,
    private readonly review: ReviewCommands,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly permissions: PermissionChecker,
  ) {}

  /** Replies are comments on a comment: the same switch governs both. */
  requireCommentsOn(): void {
    const { comments } = this.settings.current().switches;
    if (!comments.enabled)
      throw new DomainError('forum.comments_disabled', {}, undefined, comments.message || undefined);
  }

  /** Sanitized HTML and the mentioned members of submitted content. */
  prepare(content: string): Promise<{ html: string; mentions: string[] }> {
    return this.content.prepare(content);
  }

  /**
   * Posts a new item, or holds it for review when the settings ask for it: `payload` is what the queue keeps,
   * `command` what the item's decider gets.
   */
  async post<TCommand>(
    kind: ThreadItemKind<TCommand>,
    post: { id: string; author: Editor; payload: SubmissionPayload; command: TCommand },
    meta: CommandMetadata,
  ): Promise<ThreadItemWritten> {
    if (this.review.required(kind.category, post.author.staff)) {
      return {
        id: post.id,
        visible: await this.review.submit(post.id, post.author.id, post.payload, meta),
        pending: true,
      };
    }
    const { posted, visible } = await this.write(kind, post.id, post.command, stepMeta(meta, kind.category));
    const id = (posted?.data as Record<string, unknown> | undefined)?.[kind.idField];
    return { id: typeof id === 'string' ? id : post.id, visible };
  }

  async edit<TCommand>(
    kind: ThreadItemKind<TCommand>,
    id: string,
    content: string,
    meta: CommandMetadata,
  ): Promise<ThreadItemWritten> {
    const editor = await this.requireEditing(meta);
    const { html, mentions } = await this.content.prepare(content);
    const { visible } = await this.write(kind, id, kind.edit(editor, html, mentions, meta.now), meta);
    return { id, visible };
  }

  async delete<TCommand>(
    kind: ThreadItemKind<TCommand>,
    id: string,
    meta: CommandMetadata,
  ): Promise<ThreadItemWritten> {
    const editor = await this.requireEditing(meta);
    const { visible } = await this.write(kind, id, kind.delete(editor, meta.now), stepMeta(meta, 'delete'));
    return { id, visible };
  }

  /** Staff bring a deleted item back (the route checks `content.manage`): listed and counted again. */
  async restore<TCommand>(
    kind: ThreadItemKind<TCommand>,
    id: string,
    meta: CommandMetadata,
  ): Promise<ThreadItemWritten> {
    const { visible } = await this.write(
      kind,
      id,
      kind.restore(requireMember(meta.actor), meta.now),
      stepMeta(meta, 'restore'),
    );
    return { id, visible };
  }

  /**
   * Members edit and delete their own items only while the `editComments` switch is on. Staff act on anyone's
   * items only with `content.manage`; a staff account without it edits like a member (its own items).
   */
  private async requireEditing(meta: CommandMetadata): Promise<Editor> {
    const signedIn = requireMember(meta.actor);
    const editor = signedIn.staff
      ? { ...signedIn, staff: await this.permissions.can(meta.actor, 'content.manage', null, meta.now) }
      : signedIn;
    const { editComments } = this.settings.current().switches;
    if (!editor.staff && !editComments.enabled) {
      throw new DomainError('forum.edit_comments_disabled', {}, undefined, editComments.message || undefined);
    }
    return editor;
  }

  private async write<TCommand>(kind: ThreadItemKind<TCommand>, id: string, command: TCommand, meta: CommandMetadata) {
    const result = await this.store.handle(kind.decider, streamId(kind.category, id), command, meta);
    const posted = result.events[0];
    // Only posts, deletes and restores move counters; `count` answers null for the rest.
    const counted = posted ? await this.counters.count(posted) : null;
    const visible = await allVisible(this.waiter, this.config.READ_YOUR_WRITES_TIMEOUT_MS, [
      { projection: COMMENTS_PROJECTION, result },
      ...COUNTER_READERS.map((projection) => ({ projection, result: counted })),
    ]);
    return { posted, visible };
  }
}
