import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { CommandMetadata, QaReviewKind } from '@forum/contracts';
import { QaReview } from './qa-review';
import type { QaReviewDecision } from './qa-review';

/** Staff approve a held question, answer or answer reply (ADR 0024). */
export class ApproveQaSubmissionCommand extends Command<QaReviewDecision> {
  constructor(
    readonly kind: QaReviewKind,
    readonly contentId: string,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

/** Staff reject a held item with a reason for its author. */
export class RejectQaSubmissionCommand extends Command<QaReviewDecision> {
  constructor(
    readonly kind: QaReviewKind,
    readonly contentId: string,
    readonly reason: string,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

@CommandHandler(ApproveQaSubmissionCommand)
export class ApproveQaSubmissionHandler implements ICommandHandler<ApproveQaSubmissionCommand> {
  constructor(private readonly review: QaReview) {}

  execute({ kind, contentId, meta }: ApproveQaSubmissionCommand): Promise<QaReviewDecision> {
    return this.review.approve(kind, contentId, meta);
  }
}

@CommandHandler(RejectQaSubmissionCommand)
export class RejectQaSubmissionHandler implements ICommandHandler<RejectQaSubmissionCommand> {
  constructor(private readonly review: QaReview) {}

  execute({ kind, contentId, reason, meta }: RejectQaSubmissionCommand): Promise<QaReviewDecision> {
    return this.review.reject(kind, contentId, reason, meta);
  }
}
