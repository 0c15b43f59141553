import type { Provider, Type } from '@nestjs/common';
import type { ProjectionDefinition } from '@forum/event-bus';
import { memberNicknamesProjection } from '@forum/platform';
import { DynamicsReader } from '../dynamics/dynamics.reader';
import { dynamicsProjection } from '../dynamics/dynamics.projection';
import { MyActivityController } from '../dynamics/my-activity.controller';
import { CounterReactorRuntime, TopicCounters } from '../reactions/counters';
import { ToggleFavouriteHandler, ToggleLikeHandler } from '../reactions/reaction.commands';
import { ReactionsReader } from '../reactions/reaction.reader';
import { ReactionsController } from '../reactions/reactions.controller';
import { reactionsProjection } from '../reactions/reactions.projection';
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
 * The comments part of the forum context (comments, replies, likes, favourites, counters, dynamics), wired
 * into `forum.module.ts` with one spread per list so the two parts of the context edit different files.
 */
export const COMMENT_PROJECTIONS: ProjectionDefinition[] = [
  commentsProjection,
  reactionsProjection,
  dynamicsProjection,
  memberNicknamesProjection('forum'),
];

export const COMMENT_CONTROLLERS: Type[] = [
  CommentsController,
  ContentRestoreController,
  ReactionsController,
  MyActivityController,
];

export const COMMENT_PROVIDERS: Provider[] = [
  ForumTargets,
  ForumPermissions,
  CommentContent,
  ThreadItemWrites,
  TopicCounters,
  CounterReactorRuntime,
  CommentsReader,
  ReactionsReader,
  DynamicsReader,
  PostCommentHandler,
  EditCommentHandler,
  DeleteCommentHandler,
  PostReplyHandler,
  EditReplyHandler,
  DeleteReplyHandler,
  RestoreCommentHandler,
  RestoreReplyHandler,
  ToggleLikeHandler,
  ToggleFavouriteHandler,
];
