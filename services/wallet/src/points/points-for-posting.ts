import { Injectable } from '@nestjs/common';
import { POINTS_MODULES } from '@forum/contracts';
import type { EventEnvelope, SiteSettings } from '@forum/contracts';
import { reactionMeta, ReactorDefinition } from '@forum/event-bus';
import { SiteSettingsCache } from '@forum/platform';
import { Ledger } from '../ledger/ledger';

export const POINTS_REACTOR = 'wallet-points-for-posting';

interface Posted {
  /** `askerId` on a question. */
  authorId?: string;
  askerId?: string;
  topicId?: string;
  commentId?: string;
  replyId?: string;
  questionId?: string;
  answerId?: string;
}

/** What each kind of post earns: the event, its settings key, module and what the entry points at. */
const EARNINGS: Record<
  string,
  { setting: keyof SiteSettings['points']; module: number; remark: string; reference(data: Posted): string }
> = {
  TopicPosted: {
    setting: 'topic',
    module: POINTS_MODULES.topic,
    remark: 'Posted a topic',
    reference: (d) => d.topicId!,
  },
  CommentPosted: {
    setting: 'comment',
    module: POINTS_MODULES.comment,
    remark: 'Posted a comment',
    reference: (d) => d.commentId!,
  },
  ReplyPosted: {
    setting: 'reply',
    module: POINTS_MODULES.reply,
    remark: 'Posted a reply',
    reference: (d) => d.replyId!,
  },
  QuestionAsked: {
    setting: 'question',
    module: POINTS_MODULES.question,
    remark: 'Asked a question',
    reference: (d) => d.questionId!,
  },
  AnswerPosted: {
    setting: 'answer',
    module: POINTS_MODULES.answer,
    remark: 'Posted an answer',
    reference: (d) => d.answerId!,
  },
  AnswerReplyPosted: {
    setting: 'answerReply',
    module: POINTS_MODULES.answerReply,
    remark: 'Replied to an answer',
    reference: (d) => d.replyId!,
  },
};

/**
 * Points for posting (docs/rules/wallet.md): each TopicPosted / CommentPosted / ReplyPosted (and the Q&A's QuestionAsked /
 * AnswerPosted / AnswerReplyPosted) credits its author the points the settings give that kind of post at the time the reactor sees it. The operation id is the source event's id,
 * so a redelivered event earns nothing more. Staff posts earn points like anyone's.
 */
@Injectable()
export class PointsForPosting {
  constructor(
    private readonly ledger: Ledger,
    private readonly settings: SiteSettingsCache,
  ) {}

  async earn(source: EventEnvelope): Promise<void> {
    const earning = EARNINGS[source.type];
    if (!earning) return;
    const data = source.data as Posted;
    const amount = this.settings.current().points[earning.setting];
    if (amount <= 0) return;
    await this.ledger.record(
      {
        type: 'CreditPoints',
        walletId: (data.authorId ?? data.askerId)!,
        operationId: `points:${source.id}`,
        module: earning.module,
        amount,
        remark: earning.remark,
        reference: earning.reference(data),
        now: new Date(source.occurredAt),
      },
      reactionMeta(POINTS_REACTOR, source),
    );
  }

  reactor(): ReactorDefinition {
    return {
      name: POINTS_REACTOR,
      version: 1,
      topics: ['forum.topic', 'forum.comment', 'forum.reply', 'qa.question', 'qa.answer', 'qa.answerReply'],
      handle: (event) => this.earn(event),
    };
  }
}
