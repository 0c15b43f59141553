import { Controller, Get, Inject, Injectable } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Db, Filter } from 'mongodb';
import { z } from 'zod';
import { pageOf } from '@forum/contracts';
import type { Page } from '@forum/contracts';
import { CONTEXT_DB, RequiresPermission, responseSchema, ValidQuery, wholeNumber } from '@forum/platform';
import type { AuthorView } from '@forum/platform';
import { authorsOf } from '../shared/authors';
import { COMMENTS, CommentDocument, REPLIES, ReplyDocument } from '../comments/comments.projection';

const entityId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

export const staffContentQuery = z.strictObject({
  page: wholeNumber().pipe(z.number().min(1).max(100_000)).default(1),
  pageSize: wholeNumber().pipe(z.number().min(1).max(100)).default(20),
  status: z.enum(['all', 'live', 'deleted']).default('all'),
  authorId: entityId.optional(),
  topicId: entityId.optional(),
});
export type StaffContentQuery = z.infer<typeof staffContentQuery>;

/** A comment or reply as the staff console lists it (deleted ones too; hidden blocks in full). */
export const staffContentRow = z.object({
  id: z.string(),
  kind: z.enum(['comment', 'reply']),
  topicId: z.string(),
  /** The comment a reply belongs to; null for comments. */
  commentId: z.string().nullable(),
  authorId: z.string(),
  author: z.object({
    memberId: z.string(),
    nickname: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    cancelled: z.boolean(),
  }),
  contentHtml: z.string(),
  postedAt: z.string(),
  editedAt: z.string().nullable(),
  deleted: z.boolean(),
  likeCount: z.number().int(),
});
export type StaffContentRow = z.infer<typeof staffContentRow> & { author: AuthorView };

const staffContentPage = z.object({
  items: z.array(staffContentRow),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  totalPages: z.number(),
});

type Doc = CommentDocument | ReplyDocument;

/** Every comment or reply, newest first (ids are time-ordered), by status, author and topic. */
@Injectable()
export class StaffContentReader {
  constructor(@Inject(CONTEXT_DB) private readonly db: Db) {}

  async list(kind: 'comment' | 'reply', query: StaffContentQuery): Promise<Page<StaffContentRow>> {
    const filter: Filter<Doc> = {};
    if (query.status !== 'all') filter.deleted = query.status === 'deleted' ? true : { $ne: true };
    if (query.authorId) filter.authorId = query.authorId;
    if (query.topicId) filter.topicId = query.topicId;
    const collection = this.db.collection<Doc>(kind === 'comment' ? COMMENTS : REPLIES);
    const [docs, total] = await Promise.all([
      collection
        .find(filter)
        .sort({ _id: -1 })
        .skip((query.page - 1) * query.pageSize)
        .limit(query.pageSize)
        .toArray(),
      collection.countDocuments(filter),
    ]);
    const author = await authorsOf(
      this.db,
      docs.map((doc) => doc.authorId),
    );
    const rows = docs.map((doc) => ({
      id: doc._id,
      kind,
      topicId: doc.topicId,
      commentId: 'commentId' in doc ? doc.commentId : null,
      authorId: doc.authorId,
      author: author(doc.authorId),
      contentHtml: doc.contentHtml,
      postedAt: doc.postedAt,
      editedAt: doc.editedAt ?? null,
      deleted: doc.deleted === true,
      likeCount: doc.likeCount ?? 0,
    }));
    return pageOf(rows, query.page, query.pageSize, total);
  }
}

/** The staff console's comment and reply lists; edit and delete use the members' routes (staff may act on any). */
@ApiTags('forum')
@RequiresPermission('content.manage')
@Controller('forum/staff')
export class StaffContentController {
  constructor(private readonly reader: StaffContentReader) {}

  @Get('comments')
  @ApiOkResponse(responseSchema(staffContentPage))
  comments(@ValidQuery(staffContentQuery) query: StaffContentQuery): Promise<Page<StaffContentRow>> {
    return this.reader.list('comment', query);
  }

  @Get('replies')
  @ApiOkResponse(responseSchema(staffContentPage))
  replies(@ValidQuery(staffContentQuery) query: StaffContentQuery): Promise<Page<StaffContentRow>> {
    return this.reader.list('reply', query);
  }
}
