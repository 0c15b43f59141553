import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { CommandMetadata, Language } from '@forum/contracts';
import { Conversations } from './conversations';
import type { AcceptedQuestion } from './conversations';

/** A member asks: the question is checked against the policy and limits and stored; the answer streams after it. */
export class AskAssistantCommand extends Command<AcceptedQuestion> {
  constructor(
    readonly conversationId: string,
    readonly question: string,
    readonly language: Language,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

export class RemoveConversationCommand extends Command<{ conversationId: string; deleted: true }> {
  constructor(
    readonly conversationId: string,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

@CommandHandler(AskAssistantCommand)
export class AskAssistantHandler implements ICommandHandler<AskAssistantCommand> {
  constructor(private readonly conversations: Conversations) {}

  execute({ conversationId, question, language, meta }: AskAssistantCommand): Promise<AcceptedQuestion> {
    return this.conversations.accept(conversationId, question, language, meta);
  }
}

@CommandHandler(RemoveConversationCommand)
export class RemoveConversationHandler implements ICommandHandler<RemoveConversationCommand> {
  constructor(private readonly conversations: Conversations) {}

  execute({ conversationId, meta }: RemoveConversationCommand): Promise<{ conversationId: string; deleted: true }> {
    return this.conversations.remove(conversationId, meta);
  }
}
