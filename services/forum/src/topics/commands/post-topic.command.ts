import { Command } from '@nestjs/cqrs';
import type { CommandMetadata } from '@forum/contracts';
import type { PostedTopic, PostTopicBody } from '../topic.schemas';

export class PostTopicCommand extends Command<PostedTopic> {
  constructor(
    readonly body: PostTopicBody,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}
