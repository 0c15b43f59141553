import { PermissionChecker, permissionSetsProjection } from '@forum/platform';
import { MarkdownPreviewController } from '../content/markdown-preview.controller';
import { TagDirectory } from '../tags/tag-directory';
import { TagTree } from '../tags/tag.commands';
import { TagsController } from '../tags/tags.controller';
import { tagsProjection } from '../tags/tags.projection';
import { HiddenAccess } from '../unlocks/hidden-access';
import { PaidUnlockHealer } from '../unlocks/paid-unlock-healer';
import { ReaderFacts } from '../unlocks/reader-facts';
import { TopicSources } from '../unlocks/topic-source';
import { UnlockCommands } from '../unlocks/unlock.commands';
import {
  memberPointsProjection,
  topicCommentersProjection,
  topicUnlocksProjection,
} from '../unlocks/unlock.projections';
import { forumRevisionsProjection } from '../revisions/forum-revisions.projection';
import { ForumRevisions } from '../revisions/forum-revisions';
import { RevisionsController, StaffRevisionsController } from '../revisions/revisions.controller';
import { PostTopicHandler } from './commands/post-topic.handler';
import { ForumStatsController } from './forum-stats.controller';
import { HotRanker } from './lists/hot-ranker';
import { TopicListMaintainer } from './lists/list-maintainer';
import { TopicPageCache } from './lists/page-cache';
import { TopicListReader } from './lists/topic-list-reader';
import { TopicReads } from './lists/topic-reads';
import { ThreadCache } from './thread-cache';
import { TopicPageQueries } from './topic-page';
import { topicListProjection } from './projections/topic-list.projection';
import { topicStatsProjection } from './projections/topic-stats.projection';
import { GetTopicListHandler } from './queries/get-topic-list.query';
import { GetTopicStatsHandler } from './queries/get-topic-stats.query';
import { TopicContent } from './topic-content';
import { TopicQueries } from './topic-queries';
import { TopicViewPolicy } from './topic-view-policy';
import { TopicViews } from './topic-views';
import { TopicCommands } from './topic.commands';
import {
  MemberTopicsController,
  MyTopicsController,
  StaffTopicsController,
  TopicsController,
} from './topics.controller';

/** Topics, tags and hidden-content unlocks: what the forum module mounts for them. */
export const TOPIC_PROJECTIONS = [
  topicListProjection,
  topicStatsProjection,
  tagsProjection,
  topicUnlocksProjection,
  topicCommentersProjection,
  memberPointsProjection,
  permissionSetsProjection('forum'),
  // Edit history (ADR 0032): listed here so the module and the rebuild's lists both carry it.
  forumRevisionsProjection,
];

export const TOPIC_CONTROLLERS = [
  TopicsController,
  MyTopicsController,
  MemberTopicsController,
  StaffTopicsController,
  TagsController,
  ForumStatsController,
  MarkdownPreviewController,
  RevisionsController,
  StaffRevisionsController,
];

export const TOPIC_PROVIDERS = [
  PermissionChecker,
  TopicViewPolicy,
  TagDirectory,
  TagTree,
  TopicContent,
  TopicCommands,
  TopicQueries,
  TopicViews,
  TopicReads,
  TopicListMaintainer,
  TopicListReader,
  TopicPageCache,
  ThreadCache,
  TopicPageQueries,
  HotRanker,
  HiddenAccess,
  ReaderFacts,
  TopicSources,
  UnlockCommands,
  PaidUnlockHealer,
  PostTopicHandler,
  GetTopicListHandler,
  GetTopicStatsHandler,
  ForumRevisions,
];
