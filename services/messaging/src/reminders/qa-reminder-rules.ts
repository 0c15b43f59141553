import type {
  AnswerEvent,
  AnswerLikeEvent,
  AnswerReplyEvent,
  EventEnvelope,
  QuestionEvent,
  QuestionMarkEvent,
  ReminderType,
} from '@forum/contracts';

/** The facts about Q&A content the rules need that the events do not carry; `null` when not known (yet). */
export interface QaReminderLookups {
  question(questionId: string): Promise<{ askerId: string; title: string } | null>;
  answerAuthor(answerId: string): Promise<string | null>;
  /** Who wrote one reply of an answer (the one a new reply answers). */
  answerReplyAuthor(answerId: string, replyId: string): Promise<string | null>;
  /** Who replied to the answer, with each reply's id (reply ids sort by time). */
  answerRepliers(answerId: string): Promise<{ memberId: string; replyId: string }[]>;
}

/** The Q&A events the reminder reactor reads, by Kafka topic. */
export const QA_REMINDER_SOURCE_TOPICS = [
  'qa.question',
  'qa.answer',
  'qa.answerReply',
  'qa.questionMark',
  'qa.answerLike',
];

/**
 * The Q&A reminder types (docs/rules/messaging.md): 120 answer to my question, 130 reply in my question, 140 reply to my answer,
 * 150 reply to an answer I replied to, 160 reply to my answer reply, 230/240/250 mentions in a question / answer /
 * answer reply, 280/290/300 likes of my question / answer / answer reply, and 310 my answer adopted (ours: the
 * specification has no type for it). 170/180/190 (someone I follow asked / answered / replied to an answer) come
 * from the follower fan-out.
 */
export const QA_REMINDER_TYPES: ReminderType[] = [120, 130, 140, 150, 160, 230, 240, 250, 280, 290, 300, 310];

/** What a Q&A reminder points at: the question (and its title), the answer, the answer reply. */
export interface QaTarget {
  questionId: string;
  questionTitle?: string | null;
  answerId: string | null;
  answerReplyId: string | null;
}

/** One Q&A source event's sender, target, summary source and recipients, most specific type first. */
export interface QaPlanInput {
  senderId: string;
  target: QaTarget;
  /** The HTML written (for the summary), or null for likes and adoptions. */
  content: string | null;
  recipients: { memberId: string | null | undefined; type: ReminderType }[];
}

type QaSourceEvent = EventEnvelope &
  (QuestionEvent | AnswerEvent | AnswerReplyEvent | QuestionMarkEvent | AnswerLikeEvent);

/**
 * Who gets which Q&A reminder for one event, in the order the types are most specific (the caller drops the sender
 * and repeats), or null when the event is not one that reminds. Pure but for the lookups.
 */
export async function planQaReminders(
  envelope: EventEnvelope,
  lookups: QaReminderLookups,
): Promise<QaPlanInput | null> {
  const event = envelope as QaSourceEvent;
  switch (event.type) {
    case 'QuestionAsked': {
      const { askerId, questionId, title, content, mentions } = event.data;
      return {
        senderId: askerId,
        target: { questionId, questionTitle: title, answerId: null, answerReplyId: null },
        content,
        recipients: mentions.map((memberId) => ({ memberId, type: 230 as const })),
      };
    }
    case 'AnswerPosted': {
      const { authorId, questionId, answerId, content, mentions } = event.data;
      const question = await lookups.question(questionId);
      return {
        senderId: authorId,
        target: { questionId, questionTitle: question?.title ?? null, answerId, answerReplyId: null },
        content,
        recipients: [
          ...mentions.map((memberId) => ({ memberId, type: 240 as const })),
          { memberId: question?.askerId, type: 120 },
        ],
      };
    }
    case 'AnswerReplyPosted': {
      const { authorId, questionId, answerId, replyId, parentReplyId, content, mentions } = event.data;
      const [question, answerAuthor, parentAuthor, repliers] = await Promise.all([
        lookups.question(questionId),
        lookups.answerAuthor(answerId),
        parentReplyId ? lookups.answerReplyAuthor(answerId, parentReplyId) : null,
        lookups.answerRepliers(answerId),
      ]);
      return {
        senderId: authorId,
        target: { questionId, questionTitle: question?.title ?? null, answerId, answerReplyId: replyId },
        content,
        recipients: [
          { memberId: parentAuthor, type: 160 },
          { memberId: answerAuthor, type: 140 },
          ...mentions.map((memberId) => ({ memberId, type: 250 as const })),
          ...repliers
            .filter((earlier) => earlier.replyId < replyId)
            .map((earlier) => ({ memberId: earlier.memberId, type: 150 as const })),
          { memberId: question?.askerId, type: 130 },
        ],
      };
    }
    case 'QuestionLiked': {
      const { questionId, memberId } = event.data;
      const question = await lookups.question(questionId);
      return {
        senderId: memberId,
        target: { questionId, questionTitle: question?.title ?? null, answerId: null, answerReplyId: null },
        content: null,
        recipients: [{ memberId: question?.askerId, type: 280 }],
      };
    }
    case 'AnswerContentLiked': {
      const { targetKind, targetId, answerId, questionId, memberId, targetAuthorId } = event.data;
      const question = await lookups.question(questionId);
      return {
        senderId: memberId,
        target: {
          questionId,
          questionTitle: question?.title ?? null,
          answerId,
          answerReplyId: targetKind === 'answerReply' ? targetId : null,
        },
        content: null,
        recipients: [{ memberId: targetAuthorId, type: targetKind === 'answer' ? 290 : 300 }],
      };
    }
    case 'AnswerAdopted': {
      const { questionId, answerId, answererId, by } = event.data;
      const question = await lookups.question(questionId);
      return {
        senderId: by,
        target: { questionId, questionTitle: question?.title ?? null, answerId, answerReplyId: null },
        content: null,
        recipients: [{ memberId: answererId, type: 310 }],
      };
    }
    default:
      return null;
  }
}

/** "Someone I follow" for Q&A: 170 asked, 180 answered, 190 replied to an answer (docs/rules/messaging.md). */
export function qaFollowedPost(
  envelope: EventEnvelope,
): { authorId: string; type: ReminderType; target: QaTarget; content: string } | null {
  const event = envelope as QaSourceEvent;
  switch (event.type) {
    case 'QuestionAsked': {
      const { askerId, questionId, title, content } = event.data;
      return {
        authorId: askerId,
        type: 170,
        target: { questionId, questionTitle: title, answerId: null, answerReplyId: null },
        content,
      };
    }
    // No title here (the fan-out reads no other content): a follower who is also reminded directly keeps the
    // direct reminder's title, since a field left out is not overwritten.
    case 'AnswerPosted': {
      const { authorId, questionId, answerId, content } = event.data;
      return { authorId, type: 180, target: { questionId, answerId, answerReplyId: null }, content };
    }
    case 'AnswerReplyPosted': {
      const { authorId, questionId, answerId, replyId, content } = event.data;
      return { authorId, type: 190, target: { questionId, answerId, answerReplyId: replyId }, content };
    }
    default:
      return null;
  }
}
