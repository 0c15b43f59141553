/** Member-site paths that email links open (the same the reminder list links to). */
export const topicPath = (topicId: string, commentId: string | null) =>
  `/thread?topicId=${encodeURIComponent(topicId)}${commentId ? `&commentId=${encodeURIComponent(commentId)}` : ''}`;

export const questionPath = (questionId: string) => `/question?questionId=${encodeURIComponent(questionId)}`;

export const chatPath = (memberId: string) =>
  `/user/control/privateMessageChatList?memberId=${encodeURIComponent(memberId)}`;
