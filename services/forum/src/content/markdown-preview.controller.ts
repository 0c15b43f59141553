import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  markdownToHtml,
  RateLimit,
  responseSchema,
  sanitizeContent,
  SiteSettingsCache,
  ValidBody,
  withoutHiddenBlocks,
} from '@forum/platform';
import { CONTENT_MAX } from '../topics/topic.schemas';

export const markdownPreviewBody = z.strictObject({
  content: z.string().max(CONTENT_MAX),
  /** False for content that holds no hidden blocks (comments, Q&A): the preview drops them as the write will. */
  hiddenBlocks: z.boolean().default(true),
});
export type MarkdownPreviewBody = z.infer<typeof markdownPreviewBody>;

export const markdownPreview = z.object({
  /** The sanitized HTML the content would be stored as; hidden blocks open (it is the author's own text). */
  html: z.string(),
});
export type MarkdownPreview = z.infer<typeof markdownPreview>;

/**
 * The Markdown editor's preview (ADR 0033): the author's Markdown through the one converter and the one sanitizer
 * every write uses, so what the preview shows is what will be stored. Members only (auth is on by default), and
 * limited per member: a preview is asked for on a click, not on each key. Nothing is stored.
 */
@ApiTags('forum')
@Controller('forum/markdown')
export class MarkdownPreviewController {
  constructor(private readonly settings: SiteSettingsCache) {}

  @Post('preview')
  @HttpCode(200)
  @RateLimit({ limit: 60, windowSeconds: 60, by: 'member' })
  @ApiOkResponse(responseSchema(markdownPreview))
  preview(@ValidBody(markdownPreviewBody) body: MarkdownPreviewBody): MarkdownPreview {
    const { forum } = this.settings.current();
    const html = sanitizeContent(markdownToHtml(body.content), { imageHosts: forum.imageHosts }).trim();
    return { html: body.hiddenBlocks ? html : withoutHiddenBlocks(html) };
  }
}
