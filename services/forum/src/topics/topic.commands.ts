import { Inject, Injectable, Logger } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { CommandMetadata } from '@forum/contracts';
import { cancelEnvelopeCommand, newId, sendEnvelopeCommand, streamId } from '@forum/contracts';
import { ProjectionWaiter } from '@forum/event-bus';
import { DomainError, EventStore, HandleResult } from '@forum/event-store';
import {
  APP_CONFIG,
  ipLocationOf,
  parseHiddenBlocks,
  PeerCommands,
  requireMember,
  SiteSettingsCache,
} from '@forum/platform';
import type { AppConfig, HideType } from '@forum/platform';
import { ReviewCommands } from '../review/review.commands';
import { TagTree } from '../tags/tag.commands';
import { TopicSources } from '../unlocks/topic-source';
import { LIST_MAINTAINER } from './lists/list-maintainer';
import { topicListProjection } from './projections/topic-list.projection';
import { TopicContent } from './topic-content';
import { TopicCommand, topicDecider } from './topic.decider';
import { TopicViewPolicy } from './topic-view-policy';
import type { EditTopicBody, PostedTopic, PostTopicBody } from './topic.schemas';

function hideTypesOf(content: string): HideType[] {
  return parseHiddenBlocks(content).map((block) => block.type);
}

/** Who acts, from the request (members and staff only), in the decider's terms. */
function actorOf(meta: CommandMetadata): { by: string; byStaff: boolean } {
  const { id, staff } = requireMember(meta.actor);
  return { by: id, byStaff: staff };
}

/** The address only feeds `ipLocation`; it stays out of the stored events (docs/rules/README.md: no IP addresses in events). */
function withoutAddress(meta: CommandMetadata): CommandMetadata {
  const { ip: _ip, ...actor } = meta.actor;
  return { ...meta, actor };
}

/** What the wallet needs besides the form's `redEnvelope`, and nothing of the request's own idempotency key. */
function envelopeMeta(meta: CommandMetadata): CommandMetadata {
  return { ...withoutAddress(meta), idempotencyKey: undefined };
}

/**
 * Topic commands: site switches (topicPosting, editTopics: refused with the staff-written message), content
 * checks, then the topic decider; each returns after the topic document and the list heads have the change
 * (read your writes), or says `visible: false` when they did not within the wait.
 */
@Injectable()
export class TopicCommands {
  private readonly logger = new Logger('forum-topics');

  constructor(
    private readonly store: EventStore,
    private readonly waiter: ProjectionWaiter,
    private readonly content: TopicContent,
    private readonly sources: TopicSources,
    private readonly tags: TagTree,
    private readonly settings: SiteSettingsCache,
    private readonly policy: TopicViewPolicy,
    private readonly review: ReviewCommands,
    private readonly peers: PeerCommands,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async post(body: PostTopicBody, meta: CommandMetadata): Promise<PostedTopic> {
    const { by, byStaff } = actorOf(meta);
    const { topicPosting } = this.settings.current().switches;
    if (!topicPosting.enabled && !byStaff) {
      throw new DomainError('forum.topic_posting_disabled', {}, undefined, topicPosting.message);
    }
    const prepared = await this.content.prepare(body.content, body.tagIds, await this.tags.state());
    await this.policy.requirePosting(meta.actor, body.tagIds, hideTypesOf(prepared.content), meta.now);
    const topicId = newId(meta.now.getTime());
    if (this.review.required('topic', byStaff)) {
      // Money is not held for content that may never appear (ADR 0016): such a topic carries no envelope.
      if (body.redEnvelope) throw new DomainError('wallet.envelope_under_review');
      const payload = {
        kind: 'topic' as const,
        title: body.title.trim(),
        content: prepared.content,
        tagIds: [...new Set(body.tagIds)],
        mentions: prepared.mentions,
        ipLocation: ipLocationOf(meta.actor.ip),
      };
      const visible = await this.review.submit(topicId, by, payload, withoutAddress(meta));
      return { topicId, version: 0, visible, pending: true };
    }
    const redEnvelopeId = body.redEnvelope ? await this.sendEnvelope(topicId, by, body.redEnvelope, meta) : null;
    try {
      return await this.run(
        topicId,
        {
          type: 'PostTopic',
          topicId,
          authorId: by,
          title: body.title,
          content: prepared.content,
          tagIds: body.tagIds,
          mentions: prepared.mentions,
          isStaff: byStaff,
          ipLocation: ipLocationOf(meta.actor.ip),
          redEnvelopeId,
          now: meta.now,
        },
        meta,
      );
    } catch (error) {
      if (redEnvelopeId) await this.cancelEnvelope(redEnvelopeId, by, meta);
      throw error;
    }
  }

  /**
   * The wallet freezes the envelope's total and records its split before the topic exists (a refusal — bad
   * amount, short balance — stops the posting with nothing written); a failure other than a refusal may have
   * left a freeze behind, so it is cancelled.
   */
  private async sendEnvelope(
    topicId: string,
    senderId: string,
    input: NonNullable<PostTopicBody['redEnvelope']>,
    meta: CommandMetadata,
  ): Promise<string> {
    const envelopeId = newId(meta.now.getTime());
    try {
      await this.peers.execute(sendEnvelopeCommand, { ...input, envelopeId, topicId, senderId }, envelopeMeta(meta));
    } catch (error) {
      if (!(error instanceof DomainError)) await this.cancelEnvelope(envelopeId, senderId, meta);
      throw error;
    }
    return envelopeId;
  }

  /** Gives the frozen total back when the topic was not posted; if even that fails, the envelope's expiry will. */
  private async cancelEnvelope(envelopeId: string, senderId: string, meta: CommandMetadata): Promise<void> {
    try {
      await this.peers.execute(cancelEnvelopeCommand, { envelopeId, senderId }, envelopeMeta(meta));
    } catch (error) {
      this.logger.error({ err: error, envelopeId, msg: 'red envelope of an unposted topic not cancelled' });
    }
  }

  /** The actor of an edit or a deletion: staff act on anyone's topic only with `content.manage`. */
  private async moderatorOf(meta: CommandMetadata): Promise<{ by: string; byStaff: boolean }> {
    const actor = actorOf(meta);
    return actor.byStaff ? { ...actor, byStaff: await this.policy.moderates(meta.actor, meta.now) } : actor;
  }

  async edit(topicId: string, body: EditTopicBody, meta: CommandMetadata): Promise<PostedTopic> {
    const { by, byStaff } = await this.moderatorOf(meta);
    const { editTopics } = this.settings.current().switches;
    if (!editTopics.enabled && !byStaff) {
      throw new DomainError('forum.edit_topics_disabled', {}, undefined, editTopics.message);
    }
    // The content as it is before this edit: its blocks' ids are the ones the edit may keep (ADR 0025).
    const previous = await this.sources.live(topicId).then(
      (before) => ({ html: before.content, since: before.since }),
      (error: unknown) => {
        if (error instanceof DomainError) return null; // no such live topic: the decider refuses the edit
        throw error;
      },
    );
    const prepared = await this.content.prepare(body.content, body.tagIds, await this.tags.state(), previous);
    await this.policy.requirePosting(meta.actor, body.tagIds, hideTypesOf(prepared.content), meta.now);
    return this.run(
      topicId,
      {
        type: 'EditTopic',
        topicId,
        by,
        byStaff,
        title: body.title,
        content: prepared.content,
        tagIds: body.tagIds,
        mentions: prepared.mentions,
        now: meta.now,
      },
      meta,
    );
  }

  async remove(topicId: string, meta: CommandMetadata): Promise<PostedTopic> {
    const actor = await this.moderatorOf(meta);
    return this.run(topicId, { type: 'DeleteTopic', topicId, ...actor, now: meta.now }, meta);
  }

  restore(topicId: string, meta: CommandMetadata): Promise<PostedTopic> {
    return this.run(topicId, { type: 'RestoreTopic', topicId, ...actorOf(meta), now: meta.now }, meta);
  }

  pin(topicId: string, weight: number, meta: CommandMetadata): Promise<PostedTopic> {
    return this.run(topicId, { type: 'PinTopic', topicId, weight, ...actorOf(meta), now: meta.now }, meta);
  }

  essence(topicId: string, essence: boolean, meta: CommandMetadata): Promise<PostedTopic> {
    return this.run(topicId, { type: 'SetEssence', topicId, essence, ...actorOf(meta), now: meta.now }, meta);
  }

  private async run(
    topicId: string,
    command: TopicCommand & { topicId: string },
    meta: CommandMetadata,
  ): Promise<PostedTopic> {
    const result = await this.store.handle(topicDecider, streamId('topic', topicId), command, withoutAddress(meta));
    return { topicId, version: result.version, visible: await this.visible(result) };
  }

  private async visible(result: HandleResult): Promise<boolean> {
    if (result.events.length === 0 && !result.replayed) return true;
    const timeout = this.config.READ_YOUR_WRITES_TIMEOUT_MS;
    const applied = await Promise.all(
      [topicListProjection.name, LIST_MAINTAINER].map((name) =>
        this.waiter.waitFor(name, result.streamId, result.version, timeout),
      ),
    );
    return applied.every(Boolean);
  }
}

/* The routes' commands (ADR 0041): each handler runs the method the route called. */

/** A member posts a topic (held for review, red envelope and hidden blocks as the body says). */
export class PostTopicCommand extends Command<PostedTopic> {
  constructor(
    readonly body: PostTopicBody,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

export class EditTopicCommand extends Command<PostedTopic> {
  constructor(
    readonly topicId: string,
    readonly body: EditTopicBody,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

export class RemoveTopicCommand extends Command<PostedTopic> {
  constructor(
    readonly topicId: string,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

/** Staff restore a deleted topic (`content.manage`, checked on the route). */
export class RestoreTopicCommand extends Command<PostedTopic> {
  constructor(
    readonly topicId: string,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

export class PinTopicCommand extends Command<PostedTopic> {
  constructor(
    readonly topicId: string,
    readonly weight: number,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

export class SetTopicEssenceCommand extends Command<PostedTopic> {
  constructor(
    readonly topicId: string,
    readonly essence: boolean,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

@CommandHandler(PostTopicCommand)
export class PostTopicHandler implements ICommandHandler<PostTopicCommand> {
  constructor(private readonly topics: TopicCommands) {}

  execute({ body, meta }: PostTopicCommand): Promise<PostedTopic> {
    return this.topics.post(body, meta);
  }
}

@CommandHandler(EditTopicCommand)
export class EditTopicHandler implements ICommandHandler<EditTopicCommand> {
  constructor(private readonly topics: TopicCommands) {}

  execute({ topicId, body, meta }: EditTopicCommand): Promise<PostedTopic> {
    return this.topics.edit(topicId, body, meta);
  }
}

@CommandHandler(RemoveTopicCommand)
export class RemoveTopicHandler implements ICommandHandler<RemoveTopicCommand> {
  constructor(private readonly topics: TopicCommands) {}

  execute({ topicId, meta }: RemoveTopicCommand): Promise<PostedTopic> {
    return this.topics.remove(topicId, meta);
  }
}

@CommandHandler(RestoreTopicCommand)
export class RestoreTopicHandler implements ICommandHandler<RestoreTopicCommand> {
  constructor(private readonly topics: TopicCommands) {}

  execute({ topicId, meta }: RestoreTopicCommand): Promise<PostedTopic> {
    return this.topics.restore(topicId, meta);
  }
}

@CommandHandler(PinTopicCommand)
export class PinTopicHandler implements ICommandHandler<PinTopicCommand> {
  constructor(private readonly topics: TopicCommands) {}

  execute({ topicId, weight, meta }: PinTopicCommand): Promise<PostedTopic> {
    return this.topics.pin(topicId, weight, meta);
  }
}

@CommandHandler(SetTopicEssenceCommand)
export class SetTopicEssenceHandler implements ICommandHandler<SetTopicEssenceCommand> {
  constructor(private readonly topics: TopicCommands) {}

  execute({ topicId, essence, meta }: SetTopicEssenceCommand): Promise<PostedTopic> {
    return this.topics.essence(topicId, essence, meta);
  }
}
