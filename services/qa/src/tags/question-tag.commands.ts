import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { CommandMetadata } from '@forum/contracts';
import { QuestionTags } from './question-tags';
import type { TagBody } from './question-tags';

/** Staff edit the question tag tree (`content.manage`, checked on the route). */
export class CreateQuestionTagCommand extends Command<{ tagId: string; visible: boolean }> {
  constructor(
    readonly body: Required<TagBody>,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

export class ChangeQuestionTagCommand extends Command<{ tagId: string; visible: boolean }> {
  constructor(
    readonly tagId: string,
    readonly body: TagBody,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

export class RemoveQuestionTagCommand extends Command<{ tagId: string; visible: boolean }> {
  constructor(
    readonly tagId: string,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

@CommandHandler(CreateQuestionTagCommand)
export class CreateQuestionTagHandler implements ICommandHandler<CreateQuestionTagCommand> {
  constructor(private readonly tags: QuestionTags) {}

  execute({ body, meta }: CreateQuestionTagCommand): Promise<{ tagId: string; visible: boolean }> {
    return this.tags.create(body, meta);
  }
}

@CommandHandler(ChangeQuestionTagCommand)
export class ChangeQuestionTagHandler implements ICommandHandler<ChangeQuestionTagCommand> {
  constructor(private readonly tags: QuestionTags) {}

  execute({ tagId, body, meta }: ChangeQuestionTagCommand): Promise<{ tagId: string; visible: boolean }> {
    return this.tags.change(tagId, body, meta);
  }
}

@CommandHandler(RemoveQuestionTagCommand)
export class RemoveQuestionTagHandler implements ICommandHandler<RemoveQuestionTagCommand> {
  constructor(private readonly tags: QuestionTags) {}

  execute({ tagId, meta }: RemoveQuestionTagCommand): Promise<{ tagId: string; visible: boolean }> {
    return this.tags.remove(tagId, meta);
  }
}
