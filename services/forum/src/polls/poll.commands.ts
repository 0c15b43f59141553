import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { streamId } from '@forum/contracts';
import type { CommandMetadata, PollEvent } from '@forum/contracts';
import { ProjectionWaiter } from '@forum/event-bus';
import { DomainError, EventStore, fold } from '@forum/event-store';
import { APP_CONFIG, requireMember } from '@forum/platform';
import type { AppConfig } from '@forum/platform';
import { ForumTargets } from '../shared/forum-targets';
import { allVisible } from '../shared/read-your-writes';
import { TopicViewPolicy } from '../topics/topic-view-policy';
import { HiddenAccess } from '../unlocks/hidden-access';
import { pollDecider, PollState, pollVoteDecider, pollVoteKey } from './poll.decider';
import { PollReader } from './poll-reader';
import type { CreatePollBody, PollView } from './poll.schemas';
import { POLLS_PROJECTION } from './polls.projection';

export const pollStream = (pollId: string) => streamId('poll', pollId);

export interface PollWritten {
  poll: PollView | null;
  /** Whether the read models show the change yet (read-your-writes). */
  visible: boolean;
}

/** The topic's author adds a poll to it; its id is the topic's. */
export class CreatePollCommand extends Command<PollWritten> {
  constructor(
    readonly topicId: string,
    readonly body: CreatePollBody,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

export class VotePollCommand extends Command<PollWritten> {
  constructor(
    readonly pollId: string,
    readonly optionIds: string[],
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

/** Staff close a poll early or delete it (`polls.manage`, checked on the route). */
export class ManagePollCommand extends Command<PollWritten> {
  constructor(
    readonly pollId: string,
    readonly verb: 'close' | 'delete',
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}

@CommandHandler(CreatePollCommand)
export class CreatePollHandler implements ICommandHandler<CreatePollCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly targets: ForumTargets,
    private readonly reader: PollReader,
    private readonly waiter: ProjectionWaiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ topicId, body, meta }: CreatePollCommand): Promise<PollWritten> {
    const authorId = requireMember(meta.actor).id;
    const topic = await this.targets.topic(topicId);
    if (topic.authorId !== authorId) throw new DomainError('forum.poll_not_author');
    const result = await this.store.handle(
      pollDecider,
      pollStream(topicId),
      {
        type: 'CreatePoll',
        pollId: topicId,
        topicId,
        authorId,
        question: body.question,
        options: body.options.map((text, index) => ({ optionId: `o${index + 1}`, text })),
        multiple: body.multiple,
        closesAt: body.closesAt === null ? null : new Date(body.closesAt).toISOString(),
        now: meta.now,
      },
      meta,
    );
    const visible = await allVisible(this.waiter, this.config.READ_YOUR_WRITES_TIMEOUT_MS, [
      { projection: POLLS_PROJECTION, result },
    ]);
    return { poll: await this.reader.view(topicId, meta.actor, meta.now), visible };
  }
}

/**
 * A member's vote. The topic's gates come first (a reader who may not read the topic learns nothing of its poll),
 * then the poll's stream is read (the source of truth: a poll closed a moment ago refuses at once), then the vote is
 * decided on the member's own stream, which takes one vote and refuses any later one.
 */
@CommandHandler(VotePollCommand)
export class VotePollHandler implements ICommandHandler<VotePollCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly targets: ForumTargets,
    private readonly policy: TopicViewPolicy,
    private readonly access: HiddenAccess,
    private readonly reader: PollReader,
    private readonly waiter: ProjectionWaiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ pollId, optionIds, meta }: VotePollCommand): Promise<PollWritten> {
    const memberId = requireMember(meta.actor).id;
    const topic = await this.targets.topic(pollId);
    const allowed = await this.policy.filter(meta.actor, meta.now);
    if (topic.authorId !== memberId && !allowed(topic.tagIds) && !(await this.access.managesContent(meta.actor)))
      throw new DomainError('forum.topic_view_forbidden');
    const poll: PollState = fold(
      pollDecider,
      (await this.store.readStream(pollStream(pollId))) as unknown as PollEvent[],
    );
    const result = await this.store.handle(
      pollVoteDecider,
      streamId('pollVote', pollVoteKey(pollId, memberId)),
      { poll, memberId, optionIds, now: meta.now },
      meta,
    );
    const visible = await allVisible(this.waiter, this.config.READ_YOUR_WRITES_TIMEOUT_MS, [
      { projection: POLLS_PROJECTION, result },
    ]);
    return { poll: await this.reader.view(pollId, meta.actor, meta.now), visible };
  }
}

@CommandHandler(ManagePollCommand)
export class ManagePollHandler implements ICommandHandler<ManagePollCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly reader: PollReader,
    private readonly waiter: ProjectionWaiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ pollId, verb, meta }: ManagePollCommand): Promise<PollWritten> {
    const staffId = requireMember(meta.actor).id;
    const result = await this.store.handle(
      pollDecider,
      pollStream(pollId),
      verb === 'close'
        ? { type: 'ClosePoll', closedBy: staffId, now: meta.now }
        : { type: 'DeletePoll', by: staffId, now: meta.now },
      meta,
    );
    const visible = await allVisible(this.waiter, this.config.READ_YOUR_WRITES_TIMEOUT_MS, [
      { projection: POLLS_PROJECTION, result },
    ]);
    return { poll: await this.reader.view(pollId, meta.actor, meta.now), visible };
  }
}
