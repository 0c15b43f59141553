import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { AnswerLikeTarget, CommandMetadata } from '@forum/contracts';
import { AnswerLikes } from './answer-likes';
import type { AnswerLikeWritten } from './answer-likes';
import { QuestionMarks } from './question-marks';

/** A member likes or favourites a question, or takes it back; setting what is already set changes nothing. */
export class SetQuestionMarkCommand extends Command<Awaited<ReturnType<QuestionMarks['set']>>> {
  constructor(
    readonly questionId: string,
    readonly mark: 'like' | 'favourite',
    readonly on: boolean,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

/** A member likes an answer or an answer reply, or takes it back. */
export class SetAnswerLikeCommand extends Command<AnswerLikeWritten> {
  constructor(
    readonly targetKind: AnswerLikeTarget,
    readonly targetId: string,
    readonly on: boolean,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

@CommandHandler(SetQuestionMarkCommand)
export class SetQuestionMarkHandler implements ICommandHandler<SetQuestionMarkCommand> {
  constructor(private readonly marks: QuestionMarks) {}

  execute({ questionId, mark, on, meta }: SetQuestionMarkCommand): Promise<Awaited<ReturnType<QuestionMarks['set']>>> {
    return this.marks.set(questionId, mark, on, meta);
  }
}

@CommandHandler(SetAnswerLikeCommand)
export class SetAnswerLikeHandler implements ICommandHandler<SetAnswerLikeCommand> {
  constructor(private readonly likes: AnswerLikes) {}

  execute({ targetKind, targetId, on, meta }: SetAnswerLikeCommand): Promise<AnswerLikeWritten> {
    return this.likes.set(targetKind, targetId, on, meta);
  }
}
