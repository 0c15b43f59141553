import type { Provider } from '@nestjs/common';
import { DiscardDraftHandler, SaveDraftHandler } from './drafts/draft.commands';
import { ApproveSubmissionHandler, RejectSubmissionHandler } from './review/review.commands';
import { SetRevisionHiddenHandler } from './revisions/revision.commands';
import { ChangeTagHandler, CreateTagHandler, RemoveTagHandler } from './tags/tag.commands';
import {
  EditTopicHandler,
  PinTopicHandler,
  PostTopicHandler,
  RemoveTopicHandler,
  RestoreTopicHandler,
  SetTopicEssenceHandler,
} from './topics/topic.commands';
import { UnlockTopicHandler } from './unlocks/unlock.commands';

/**
 * The handlers of the forum routes' commands that no part lists itself (ADR 0041); polls, comments and reactions
 * register theirs in their own parts.
 */
export const FORUM_COMMAND_HANDLERS: Provider[] = [
  PostTopicHandler,
  EditTopicHandler,
  RemoveTopicHandler,
  RestoreTopicHandler,
  PinTopicHandler,
  SetTopicEssenceHandler,
  UnlockTopicHandler,
  CreateTagHandler,
  ChangeTagHandler,
  RemoveTagHandler,
  ApproveSubmissionHandler,
  RejectSubmissionHandler,
  SetRevisionHiddenHandler,
  SaveDraftHandler,
  DiscardDraftHandler,
];
