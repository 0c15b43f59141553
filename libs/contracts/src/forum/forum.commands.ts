import { contentModerationCommands } from '../peers/content-moderation';

/** The commands the forum answers for the other contexts (ADR 0040): moderation deleting and restoring its content. */
export const forumContentCommands = contentModerationCommands(
  'forum',
  ['topic', 'comment', 'reply'],
  ['forum.topic_not_found', 'forum.comment_not_found', 'forum.reply_not_found'],
);
