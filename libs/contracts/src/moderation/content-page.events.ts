import { z } from 'zod';
import { defineEvent, EventOf } from '../event-contract';

/** Help center categories (docs/rules/moderation.md, content pages): one small staff-made list, stream `helpCategories-site`. */
const HELP_CATEGORIES = { context: 'moderation', aggregate: 'helpCategories' } as const;
const helpCategory = z.object({ categoryId: z.string(), name: z.string(), sort: z.number().int() });

export const HelpCategoryCreated = defineEvent({
  ...HELP_CATEGORIES,
  type: 'HelpCategoryCreated',
  schema: helpCategory,
});
export const HelpCategoryChanged = defineEvent({
  ...HELP_CATEGORIES,
  type: 'HelpCategoryChanged',
  schema: helpCategory,
});
export const HelpCategoryDeleted = defineEvent({
  ...HELP_CATEGORIES,
  type: 'HelpCategoryDeleted',
  schema: z.object({ categoryId: z.string() }),
});

export type HelpCategoryEvent =
  EventOf<typeof HelpCategoryCreated> | EventOf<typeof HelpCategoryChanged> | EventOf<typeof HelpCategoryDeleted>;

/** One help article (stream `helpArticle-<articleId>`); content is sanitized HTML. */
const HELP_ARTICLE = { context: 'moderation', aggregate: 'helpArticle' } as const;
const helpArticle = z.object({
  articleId: z.string(),
  categoryId: z.string(),
  title: z.string(),
  content: z.string(),
  sort: z.number().int(),
  by: z.string(),
  at: z.string(),
});

export const HelpArticlePublished = defineEvent({ ...HELP_ARTICLE, type: 'HelpArticlePublished', schema: helpArticle });
export const HelpArticleEdited = defineEvent({ ...HELP_ARTICLE, type: 'HelpArticleEdited', schema: helpArticle });
export const HelpArticleDeleted = defineEvent({
  ...HELP_ARTICLE,
  type: 'HelpArticleDeleted',
  schema: z.object({ articleId: z.string(), by: z.string(), at: z.string() }),
});

export type HelpArticleEvent =
  EventOf<typeof HelpArticlePublished> | EventOf<typeof HelpArticleEdited> | EventOf<typeof HelpArticleDeleted>;

/** Online messages (docs/rules/moderation.md, content pages), stream `feedback-<feedbackId>`; visitors may write one too. */
const FEEDBACK = { context: 'moderation', aggregate: 'feedback' } as const;

export const FeedbackReceived = defineEvent({
  ...FEEDBACK,
  type: 'FeedbackReceived',
  schema: z.object({
    feedbackId: z.string(),
    name: z.string(),
    contact: z.string(),
    content: z.string(),
    /** The member who wrote it; null for a visitor. */
    memberId: z.string().nullable(),
    receivedAt: z.string(),
  }),
});

export const FeedbackDeleted = defineEvent({
  ...FEEDBACK,
  type: 'FeedbackDeleted',
  schema: z.object({ feedbackId: z.string(), by: z.string(), at: z.string() }),
});

export type FeedbackEvent = EventOf<typeof FeedbackReceived> | EventOf<typeof FeedbackDeleted>;
