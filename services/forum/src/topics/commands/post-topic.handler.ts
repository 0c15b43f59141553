import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { newId, streamId } from '@forum/contracts';
import { ProjectionWaiter } from '@forum/event-bus';
import { DomainError, EventStore } from '@forum/event-store';
import { APP_CONFIG } from '@forum/platform';
import type { AppConfig } from '@forum/platform';
import { topicListProjection } from '../projections/topic-list.projection';
import { topicDecider } from '../topic.decider';
import type { PostedTopic } from '../topic.schemas';
import { PostTopicCommand } from './post-topic.command';

@CommandHandler(PostTopicCommand)
export class PostTopicHandler implements ICommandHandler<PostTopicCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly waiter: ProjectionWaiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ body, meta }: PostTopicCommand): Promise<PostedTopic> {
    const authorId = meta.actor.id;
    if (!authorId || (meta.actor.kind !== 'member' && meta.actor.kind !== 'staff')) {
      throw new DomainError('auth.unauthorized');
    }
    const topicId = newId(meta.now.getTime());
    const result = await this.store.handle(
      topicDecider,
      streamId('topic', topicId),
      { type: 'PostTopic', topicId, authorId, ...body, now: meta.now },
      meta,
    );
    const posted = result.events[0]?.data as { topicId: string } | undefined;
    const visible = await this.waiter.waitFor(
      topicListProjection.name,
      result.streamId,
      result.version,
      this.config.READ_YOUR_WRITES_TIMEOUT_MS,
    );
    return { topicId: posted?.topicId ?? topicId, version: result.version, visible };
  }
}
