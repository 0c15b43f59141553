import { Inject, Injectable } from '@nestjs/common';
import type { Collection, Db } from 'mongodb';
import type { EventEnvelope, TopicEvent } from '@forum/contracts';
import { ProjectionWaiter } from '@forum/event-bus';
import type { ReactorDefinition } from '@forum/event-bus';
import { KeyedQueue } from '@forum/event-store';
import { CONTEXT_DB, ReactorHost } from '@forum/platform';
import {
  evolveMembership,
  HEAD_SIZE,
  ListHeadDocument,
  listKeys,
  listsOf,
  MembershipDocument,
  NO_MEMBERSHIP,
  PINNED_KEY,
  TOPIC_LIST_HEADS,
  TOPIC_LIST_MEMBERSHIPS,
} from './list-heads';

export const LIST_MAINTAINER = 'forum-topic-list-heads';

const TOPIC_EVENTS = new Set([
  'TopicPosted',
  'TopicEdited',
  'TopicDeleted',
  'TopicRestored',
  'TopicPinned',
  'TopicUnpinned',
  'TopicEssenceSet',
  'TopicEssenceCleared',
]);

/**
 * Keeps the precomputed list heads current from `forum.topic`. Every write is idempotent on its own (a guarded
 * `$push` that sorts and trims, `$pull`), heads are written before the topic's membership version, so a crash
 * in between replays harmlessly. Reports to the ProjectionWaiter under its name, so commands can wait for it.
 */
@Injectable()
export class TopicListMaintainer extends ReactorHost {
  private readonly heads: Collection<ListHeadDocument>;
  private readonly memberships: Collection<MembershipDocument>;
  /** Called after each applied event (the list reader drops its short cache). */
  readonly changed = new Set<(lists: string[]) => void>();
  /** One topic's events in order; different topics at once (every head write is atomic on its own). */
  private readonly perTopic = new KeyedQueue();

  constructor(
    @Inject(CONTEXT_DB) db: Db,
    private readonly waiter: ProjectionWaiter,
  ) {
    super();
    this.heads = db.collection(TOPIC_LIST_HEADS);
    this.memberships = db.collection(TOPIC_LIST_MEMBERSHIPS);
  }

  reactors(): ReactorDefinition[] {
    return [
      {
        name: LIST_MAINTAINER,
        version: 1,
        topics: ['forum.topic'],
        // Four sequential round trips per topic: one event at a time, a seed of 2,000 topics on a loaded machine
        // had 500 listed after 38 s (ADR 0009).
        parallelism: { partitions: 3, events: 64 },
        handle: (event) => this.apply(event),
      },
    ];
  }

  apply(envelope: EventEnvelope): Promise<void> {
    if (!TOPIC_EVENTS.has(envelope.type)) return Promise.resolve();
    const event = envelope as EventEnvelope & TopicEvent;
    return this.perTopic.run(event.data.topicId, () => this.applyInOrder(event));
  }

  private async applyInOrder(event: EventEnvelope & TopicEvent): Promise<void> {
    const topicId = event.data.topicId;
    const previous = await this.memberships.findOne({ _id: topicId });
    if (!previous || previous.version < event.version) {
      const before: Omit<MembershipDocument, '_id' | 'version'> = previous ?? { ...NO_MEMBERSHIP, lists: [] };
      const next = evolveMembership(before, event);
      const lists = listsOf(next);
      const joined = lists.filter((list) => !before.lists.includes(list));
      const left = before.lists.filter((list) => !lists.includes(list));
      await Promise.all([
        ...joined.map((list) => this.join(list, topicId)),
        ...left.map((list) => this.leave(list, topicId)),
      ]);
      const pinnedBefore = before.deleted ? 0 : before.pinWeight;
      const pinnedAfter = next.deleted ? 0 : next.pinWeight;
      if (pinnedBefore !== pinnedAfter || (!previous && pinnedAfter > 0)) await this.pin(topicId, pinnedAfter);
      await this.memberships.updateOne(
        { _id: topicId },
        { $set: { ...next, lists, version: event.version } },
        { upsert: true },
      );
      // A pin change reorders the home list.
      const touched = [...joined, ...left, ...(pinnedBefore !== pinnedAfter ? [listKeys.home] : [])];
      for (const listener of this.changed) listener(touched);
    }
    this.waiter.notify(LIST_MAINTAINER, [event]);
  }

  /** Newest first is id order (UUIDv7): push, sort, keep the first HEAD_SIZE; a redelivery finds it there. */
  private async join(list: string, topicId: string): Promise<void> {
    await this.heads
      .updateOne(
        { _id: list, ids: { $ne: topicId } },
        { $push: { ids: { $each: [topicId], $sort: -1, $slice: HEAD_SIZE } } },
        { upsert: true },
      )
      .catch((error: { code?: number }) => {
        if (error.code !== 11000) throw error; // already there: the guard made the upsert collide
      });
  }

  /**
   * Removes the topic; a head that was full is refilled from the memberships (rare: deletes, tag edits). The
   * refill is pushed, not set: a topic joining meanwhile (other topics are applied concurrently, and its
   * membership is written after its head push) stays in the head.
   */
  private async leave(list: string, topicId: string): Promise<void> {
    const before = await this.heads.findOneAndUpdate(
      { _id: list },
      { $pull: { ids: topicId } },
      { returnDocument: 'before' },
    );
    if (!before || before.ids.length < HEAD_SIZE) return;
    const present = new Set(before.ids);
    const refill = await this.memberships
      .find({ lists: list, _id: { $ne: topicId } }, { projection: { _id: 1 } })
      .sort({ _id: -1 })
      .limit(HEAD_SIZE)
      .toArray();
    const missing = refill.map((doc) => doc._id).filter((id) => !present.has(id));
    await this.heads.updateOne({ _id: list }, { $push: { ids: { $each: missing, $sort: -1, $slice: HEAD_SIZE } } });
  }

  private async pin(topicId: string, weight: number): Promise<void> {
    await this.heads.updateOne({ _id: PINNED_KEY }, { $pull: { entries: { id: topicId } } }, { upsert: true });
    if (weight > 0) {
      await this.heads.updateOne(
        { _id: PINNED_KEY },
        { $push: { entries: { $each: [{ id: topicId, w: weight }], $sort: { w: -1, id: -1 } } } },
      );
    }
  }
}
