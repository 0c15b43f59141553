import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TopicCommands } from '../topic.commands';
import type { PostedTopic } from '../topic.schemas';
import { PostTopicCommand } from './post-topic.command';

/** For in-process callers (the demo seed, benchmarks): the same path as `POST /api/forum/topics`. */
@CommandHandler(PostTopicCommand)
export class PostTopicHandler implements ICommandHandler<PostTopicCommand> {
  constructor(private readonly topics: TopicCommands) {}

  execute({ body, meta }: PostTopicCommand): Promise<PostedTopic> {
    return this.topics.post(body, meta);
  }
}
