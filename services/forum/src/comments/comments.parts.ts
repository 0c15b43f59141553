import type { Provider, Type } from '@nestjs/common';
import type { ProjectionDefinition } from '@forum/event-bus';
import { memberNicknamesProjection } from '@forum/platform';
import { DynamicsReader } from '../dynamics/dynamics.reader';
import { dynamicsProjection } from '../dynamics/dynamics.projection';
import { MyActivityController } from '../dynamics/my-activity.controller';
import { CounterReactorRuntime, TopicCounters } from '../shared/counters';
import { DeleteReplyHandler, EditReplyHandler, PostReplyHandler, RestoreReplyHandler } from '../replies/reply.commands';
import { CommentContent } from './comment-content';
import {
  DeleteCommentHandler,
  EditCommentHandler,
  PostCommentHandler,
  RestoreCommentHandler,
} from './comment.commands';
import { ContentRestoreController } from './content-restore.controller';
import { CommentsController } from './comments.controller';
import { commentsProjection } from './comments.projection';
import { CommentsReader } from './comments.reader';
import { ForumPermissions } from '../shared/forum-permissions';
import { ForumTargets } from '../shared/forum-targets';
import { ThreadItemWrites } from './thread-item-writes';

/**
 * The comments part of the forum context (comments, replies, the topic counters, dynamics; likes and favourites
 * are `reactions.parts.ts`), wired into `forum.module.ts` with one spread per list so the parts of the context
 * edit different files.
 */
export const COMMENT_PROJECTIONS: ProjectionDefinition[] = [
  commentsProjection,
  dynamicsProjection,
  memberNicknamesProjection('forum'),
];

export const COMMENT_CONTROLLERS: Type[] = [CommentsController, ContentRestoreController, MyActivityController];

export const COMMENT_PROVIDERS: Provider[] = [
  ForumTargets,
  ForumPermissions,
  CommentContent,
  ThreadItemWrites,
  TopicCounters,
  CounterReactorRuntime,
  CommentsReader,
  DynamicsReader,
  PostCommentHandler,
  EditCommentHandler,
  DeleteCommentHandler,
  PostReplyHandler,
  EditReplyHandler,
  DeleteReplyHandler,
  RestoreCommentHandler,
  RestoreReplyHandler,
];
