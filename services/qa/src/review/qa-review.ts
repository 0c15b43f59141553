import { Inject, Injectable } from '@nestjs/common';
import { stepMeta } from '@forum/contracts';
import type { CommandMetadata, QaReviewKind, QaSubmissionPayload } from '@forum/contracts';
import { ProjectionWaiter } from '@forum/event-bus';
import { DomainError, EventStore, fold } from '@forum/event-store';
import type { HandleResult } from '@forum/event-store';
import { APP_CONFIG, heldForReview, reviewerOf, SiteSettingsCache } from '@forum/platform';
import type { AppConfig } from '@forum/platform';
import { answerDecider, answerReplyDecider, answerReplyStream, answerStream } from '../answers/answer.decider';
import type { PostState } from '../answers/answer.decider';
import { QaBounties } from '../bounties/qa-bounties';
import { withoutAddress } from '../qa-policy';
import { questionDecider, questionStream } from '../questions/question.decider';
import { questionsProjection } from '../questions/questions.projection';
import { QA_REVIEW_QUEUE_PROJECTION } from './qa-review-queue.projection';
import { qaSubmissionDecider, qaSubmissionStream } from './qa-submission.decider';
import type { QaSubmissionState } from './qa-submission.decider';

const SETTING: Record<QaReviewKind, 'questions' | 'answers' | 'answerReplies'> = {
  question: 'questions',
  answer: 'answers',
  answerReply: 'answerReplies',
};

export interface QaReviewDecision {
  id: string;
  kind: QaReviewKind;
  status: 'approved' | 'rejected';
  /** False when the queue (or, after approval, the Q&A's lists) had not caught up within the read-your-writes wait. */
  visible: boolean;
}

/**
 * The Q&A review queue (ADR 0024, after the forum's ADR 0014). The post handlers ask `required` and, when it says
 * so, `submit` the prepared content instead of posting it; approval appends the normal `QuestionAsked` /
 * `AnswerPosted` / `AnswerReplyPosted` on the content's own stream (the same decider commands, dated at approval),
 * so the lists, counters, points, reminders and search see approved content only. A held question's bounty was
 * frozen at submission (the member learns at once whether it can be paid); rejection refunds it.
 */
@Injectable()
export class QaReview {
  constructor(
    private readonly store: EventStore,
    private readonly settings: SiteSettingsCache,
    private readonly waiter: ProjectionWaiter,
    private readonly bounties: QaBounties,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Whether a new item of this kind waits for review: staff's never do. */
  required(kind: QaReviewKind, byStaff: boolean): boolean {
    return heldForReview(this.settings, SETTING[kind], byStaff);
  }

  /** Holds the content; answers once the queue (and the author's own list) shows it, or `visible: false`. */
  async submit(
    contentId: string,
    authorId: string,
    payload: QaSubmissionPayload,
    meta: CommandMetadata,
  ): Promise<{ visible: boolean }> {
    const result = await this.store.handle(
      qaSubmissionDecider,
      qaSubmissionStream(contentId),
      { type: 'SubmitQaContent', contentId, authorId, payload, now: meta.now },
      stepMeta(withoutAddress(meta), 'submit'),
    );
    return { visible: await this.visible(QA_REVIEW_QUEUE_PROJECTION, result) };
  }

  /**
   * Approves and posts. Approving an approved item again appends no decision and re-runs the post, which its
   * decider makes a no-op once posted: a double click or a retry after a crash posts exactly once.
   */
  async approve(kind: QaReviewKind, contentId: string, meta: CommandMetadata): Promise<QaReviewDecision> {
    const by = reviewerOf(meta);
    const stored = withoutAddress(meta);
    const state = await this.state(contentId);
    const payload = state.payload;
    if (state.status === 'none' || !payload || payload.kind !== kind) throw new DomainError('qa.submission_not_found');
    if (state.status === 'pending') await this.requireTargets(payload);
    const decided = await this.store.handle(
      qaSubmissionDecider,
      qaSubmissionStream(contentId),
      { type: 'ApproveQaContent', contentId, kind, by, now: meta.now },
      stepMeta(stored, 'approve'),
    );
    const published = await this.publish(contentId, state.authorId!, payload, stepMeta(stored, 'publish'));
    const visible = await Promise.all([
      this.visible(QA_REVIEW_QUEUE_PROJECTION, decided),
      this.visible(questionsProjection.name, published),
    ]);
    return { id: contentId, kind, status: 'approved', visible: visible.every(Boolean) };
  }

  /** Rejects with a reason for the author; a question's bounty goes back to the asker (again on a retry). */
  async reject(
    kind: QaReviewKind,
    contentId: string,
    reason: string,
    meta: CommandMetadata,
  ): Promise<QaReviewDecision> {
    const by = reviewerOf(meta);
    const stored = withoutAddress(meta);
    const decided = await this.store.handle(
      qaSubmissionDecider,
      qaSubmissionStream(contentId),
      { type: 'RejectQaContent', contentId, kind, by, reason, now: meta.now },
      stepMeta(stored, 'reject'),
    );
    const { payload } = await this.state(contentId);
    if (payload?.kind === 'question' && payload.bountyAmount + payload.bountyPoints > 0) {
      try {
        await this.bounties.refund({ questionId: contentId, reason: 'asking_failed' }, stepMeta(stored, 'refund'));
      } catch (error) {
        // Refunded already (a retry, or the expiry job got there first): nothing left to give back.
        if (!(error instanceof DomainError && error.code === 'wallet.bounty_state_invalid')) throw error;
      }
    }
    const visible = await this.visible(QA_REVIEW_QUEUE_PROJECTION, decided);
    return { id: contentId, kind, status: 'rejected', visible };
  }

  private async state(contentId: string): Promise<QaSubmissionState> {
    return fold(qaSubmissionDecider, (await this.store.readStream(qaSubmissionStream(contentId))) as never);
  }

  private async post(decider: typeof answerDecider | typeof answerReplyDecider, stream: string): Promise<PostState> {
    return fold(decider as typeof answerDecider, (await this.store.readStream(stream)) as never);
  }

  /** An answer's question (a reply's answer and parent reply) deleted while it waited: refused before deciding. */
  private async requireTargets(payload: QaSubmissionPayload): Promise<void> {
    if (payload.kind === 'question') return;
    const question = fold(questionDecider, (await this.store.readStream(questionStream(payload.questionId))) as never);
    if (!question.asked || question.deleted) throw new DomainError('qa.question_not_found');
    if (payload.kind === 'answer') return;
    const answer = await this.post(answerDecider, answerStream(payload.answerId));
    if (!answer.posted || answer.deleted) throw new DomainError('qa.answer_not_found');
    if (payload.parentReplyId) {
      const parent = await this.post(answerReplyDecider, answerReplyStream(payload.parentReplyId));
      if (!parent.posted || parent.deleted) throw new DomainError('qa.answer_reply_not_found');
    }
  }

  /** The decider commands the post handlers run, by a member (`isStaff: false`), dated at approval. */
  private publish(
    contentId: string,
    authorId: string,
    payload: QaSubmissionPayload,
    meta: CommandMetadata,
  ): Promise<HandleResult> {
    const common = { authorId, mentions: payload.mentions, isStaff: false, now: meta.now };
    switch (payload.kind) {
      case 'question': {
        const { title, content, tagIds, mentions, bountyAmount, bountyPoints } = payload;
        const command = {
          type: 'AskQuestion' as const,
          questionId: contentId,
          askerId: authorId,
          title,
          content,
          tagIds,
          bountyAmount,
          bountyPoints,
          mentions,
          isStaff: false,
          now: meta.now,
        };
        return this.store.handle(questionDecider, questionStream(contentId), command, meta);
      }
      case 'answer': {
        const command = {
          type: 'PostAnswer' as const,
          answerId: contentId,
          questionId: payload.questionId,
          content: payload.content,
          ...common,
        };
        return this.store.handle(answerDecider, answerStream(contentId), command, meta);
      }
      case 'answerReply': {
        const { questionId, answerId, parentReplyId, content } = payload;
        const command = {
          type: 'PostAnswerReply' as const,
          replyId: contentId,
          answerId,
          questionId,
          parentReplyId,
          content,
          ...common,
        };
        return this.store.handle(answerReplyDecider, answerReplyStream(contentId), command, meta);
      }
    }
  }

  private async visible(projection: string, result: HandleResult): Promise<boolean> {
    if (result.version === 0) return true;
    return this.waiter.waitFor(projection, result.streamId, result.version, this.config.READ_YOUR_WRITES_TIMEOUT_MS);
  }
}
