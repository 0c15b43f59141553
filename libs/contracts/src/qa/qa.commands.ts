import { z } from 'zod';
import { contentModerationCommands } from '../peers/content-moderation';
import { definePeerCommand } from '../peers/peer-command';

/** The commands Q&A answers for the other contexts (ADR 0040). */

/** Moderation deleting and restoring Q&A content. */
export const qaContentCommands = contentModerationCommands(
  'qa',
  ['question', 'answer', 'answerReply'],
  ['qa.question_not_found', 'qa.answer_not_found', 'qa.answer_reply_not_found'],
);

/** `qa.sitemapFiles`: how many sitemap files the live questions fill, and the newest question's time. */
export const qaSitemapFilesCommand = definePeerCommand({
  name: 'qa.sitemapFiles',
  input: z.object({}),
  answer: z.object({ files: z.number().int().min(0), lastmod: z.string().nullable() }),
  errors: [],
});
