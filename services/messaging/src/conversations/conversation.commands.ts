import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { Actor, CommandMetadata } from '@forum/contracts';
import { Conversations, SentMessage } from './conversations';

/** A member sends a private message. */
export class SendMessageCommand extends Command<SentMessage> {
  constructor(
    readonly actor: Actor,
    readonly toMemberId: string,
    readonly content: string,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

/** A member refuses (or again accepts) private messages from another. */
export class SetBlockCommand extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly memberId: string,
    readonly blocked: boolean,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

export class ReadConversationCommand extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly memberId: string,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

/** Deletes the conversation for the calling member only. */
export class DeleteConversationCommand extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly memberId: string,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

export class DeleteMessageCommand extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly memberId: string,
    readonly messageId: string,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

@CommandHandler(SendMessageCommand)
export class SendMessageHandler implements ICommandHandler<SendMessageCommand> {
  constructor(private readonly conversations: Conversations) {}

  execute({ actor, toMemberId, content, meta }: SendMessageCommand): Promise<SentMessage> {
    return this.conversations.send(actor, toMemberId, content, meta);
  }
}

@CommandHandler(SetBlockCommand)
export class SetBlockHandler implements ICommandHandler<SetBlockCommand> {
  constructor(private readonly conversations: Conversations) {}

  async execute({ actor, memberId, blocked, meta }: SetBlockCommand): Promise<void> {
    await this.conversations.block(actor, memberId, blocked, meta);
  }
}

@CommandHandler(ReadConversationCommand)
export class ReadConversationHandler implements ICommandHandler<ReadConversationCommand> {
  constructor(private readonly conversations: Conversations) {}

  async execute({ actor, memberId, meta }: ReadConversationCommand): Promise<void> {
    await this.conversations.read(actor, memberId, meta);
  }
}

@CommandHandler(DeleteConversationCommand)
export class DeleteConversationHandler implements ICommandHandler<DeleteConversationCommand> {
  constructor(private readonly conversations: Conversations) {}

  async execute({ actor, memberId, meta }: DeleteConversationCommand): Promise<void> {
    await this.conversations.deleteConversation(actor, memberId, meta);
  }
}

@CommandHandler(DeleteMessageCommand)
export class DeleteMessageHandler implements ICommandHandler<DeleteMessageCommand> {
  constructor(private readonly conversations: Conversations) {}

  async execute({ actor, memberId, messageId, meta }: DeleteMessageCommand): Promise<void> {
    await this.conversations.deleteMessage(actor, memberId, messageId, meta);
  }
}
