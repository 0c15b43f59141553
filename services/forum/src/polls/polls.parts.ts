import type { Provider, Type } from '@nestjs/common';
import type { ProjectionDefinition } from '@forum/event-bus';
import { CreatePollHandler, ManagePollHandler, VotePollHandler } from './poll.commands';
import { PollCloser } from './poll-closer';
import { PollReader } from './poll-reader';
import { PollsController, StaffPollsController } from './polls.controller';
import { pollsProjection } from './polls.projection';

/** Polls on topics: what the forum module mounts for them (one spread per list, like the other parts). */
export const POLL_PROJECTIONS: ProjectionDefinition[] = [pollsProjection];
export const POLL_CONTROLLERS: Type[] = [PollsController, StaffPollsController];
export const POLL_PROVIDERS: Provider[] = [
  PollReader,
  PollCloser,
  CreatePollHandler,
  VotePollHandler,
  ManagePollHandler,
];
