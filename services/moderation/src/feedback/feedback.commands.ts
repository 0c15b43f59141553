import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { CommandMetadata } from '@forum/contracts';
import { FeedbackBox } from './feedback';
import type { FeedbackBody } from './feedback';

/** Anyone sends feedback while the switch is on (staff always). */
export class SendFeedbackCommand extends Command<{ id: string }> {
  constructor(
    readonly body: FeedbackBody,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

/** Staff delete a feedback message. */
export class RemoveFeedbackCommand extends Command<{ id: string }> {
  constructor(
    readonly feedbackId: string,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

@CommandHandler(SendFeedbackCommand)
export class SendFeedbackHandler implements ICommandHandler<SendFeedbackCommand> {
  constructor(private readonly box: FeedbackBox) {}

  execute({ body, meta }: SendFeedbackCommand): Promise<{ id: string }> {
    return this.box.receive(body, meta);
  }
}

@CommandHandler(RemoveFeedbackCommand)
export class RemoveFeedbackHandler implements ICommandHandler<RemoveFeedbackCommand> {
  constructor(private readonly box: FeedbackBox) {}

  execute({ feedbackId, meta }: RemoveFeedbackCommand): Promise<{ id: string }> {
    return this.box.remove(feedbackId, meta);
  }
}
