import type { AuthorView } from '../identity/author.views';

/** A reminder in the member's inbox (`GET /api/messaging/reminders`): who did what to the member's content. */
export interface ReminderView {
  reminderId: string;
  /** The most specific of the reminder's types that the member wants (docs/rules/messaging.md codes). */
  type: number;
  sender: AuthorView;
  topicId: string | null;
  topicTitle: string | null;
  commentId: string | null;
  replyId: string | null;
  /** Q&A reminders: the question (its page), its title, the answer and the answer reply; null otherwise. */
  questionId: string | null;
  questionTitle: string | null;
  answerId: string | null;
  answerReplyId: string | null;
  summary: string | null;
  at: string;
  read: boolean;
}
