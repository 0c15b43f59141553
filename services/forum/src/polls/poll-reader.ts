import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import { pageOf } from '@forum/contracts';
import type { Actor, Page } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { CONTEXT_DB } from '@forum/platform';
import { TOPIC_LIST, TopicDocument } from '../topics/projections/topic-list.projection';
import { TopicViewPolicy } from '../topics/topic-view-policy';
import { HiddenAccess } from '../unlocks/hidden-access';
import { pollClosedAt } from './poll.decider';
import type { PollView, StaffPollRow, TopicPoll } from './poll.schemas';
import {
  POLL_TALLIES,
  POLL_VOTES,
  PollDocument,
  POLLS,
  PollTallyDocument,
  PollVoteDocument,
  pollVoteRowId,
} from './polls.projection';

/** The view of one poll for one reader: counts only once they voted or the poll closed. */
export function pollViewOf(
  poll: PollDocument,
  tally: PollTallyDocument | null,
  myVote: string[] | null,
  now: Date,
): PollView {
  const closed = poll.closedAt !== null || pollClosedAt({ status: 'open', closesAt: poll.closesAt }, now);
  const resultsVisible = closed || myVote !== null;
  return {
    pollId: poll.pollId,
    topicId: poll.topicId,
    question: poll.question,
    multiple: poll.multiple,
    closesAt: poll.closesAt,
    closed,
    resultsVisible,
    voters: resultsVisible ? (tally?.voters ?? 0) : null,
    options: poll.options.map(({ optionId, text }) => ({
      optionId,
      text,
      votes: resultsVisible ? (tally?.counts?.[optionId] ?? 0) : null,
    })),
    myVote,
  };
}

/**
 * Reads polls behind their topic's gates (docs/rules/forum.md, polls): a reader who may not read the topic gets the
 * topic's own refusal, never a word about its poll. Hidden-content rules do not apply to a poll.
 */
@Injectable()
export class PollReader {
  constructor(
    @Inject(CONTEXT_DB) private readonly db: Db,
    private readonly policy: TopicViewPolicy,
    private readonly access: HiddenAccess,
  ) {}

  async forTopic(topicId: string, reader: Actor, now: Date): Promise<TopicPoll> {
    await this.requireReadable(topicId, reader, now);
    return { poll: await this.view(topicId, reader, now) };
  }

  /** The poll as `reader` sees it, or null when there is none or it was deleted. No topic gate: callers pass it. */
  async view(pollId: string, reader: Actor, now: Date): Promise<PollView | null> {
    const poll = await this.db.collection<PollDocument>(POLLS).findOne({ _id: pollId });
    if (!poll || poll.deleted) return null;
    const [tally, vote] = await Promise.all([
      this.db.collection<PollTallyDocument>(POLL_TALLIES).findOne({ _id: pollId }, { projection: { _src: 0 } }),
      reader.id
        ? this.db.collection<PollVoteDocument>(POLL_VOTES).findOne({ _id: pollVoteRowId(pollId, reader.id) })
        : null,
    ]);
    return pollViewOf(poll, tally, vote?.optionIds ?? null, now);
  }

  /** The same gates as the topic's page: deleted topics for content staff only, a tag's view permission. */
  async requireReadable(topicId: string, reader: Actor, now: Date): Promise<void> {
    const topic = await this.db
      .collection<TopicDocument>(TOPIC_LIST)
      .findOne({ _id: topicId }, { projection: { authorId: 1, tagIds: 1, deleted: 1, postedAt: 1 } });
    const staff = await this.access.managesContent(reader);
    if (!topic?.postedAt || (topic.deleted && !staff)) throw new DomainError('forum.topic_not_found');
    const isAuthor = reader.id !== null && reader.id === topic.authorId;
    const allowed = await this.policy.filter(reader, now);
    if (!staff && !isAuthor && !allowed(topic.tagIds ?? [])) throw new DomainError('forum.topic_view_forbidden');
  }

  /** Every poll, the newest first, deleted ones too, with counts (staff holding `polls.manage`). */
  async staffList(page: number, pageSize: number, now: Date): Promise<Page<StaffPollRow>> {
    const polls = this.db.collection<PollDocument>(POLLS);
    const [rows, total] = await Promise.all([
      polls
        .find({}, { projection: { _version: 0 } })
        .sort({ createdAt: -1, _id: 1 })
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .toArray(),
      polls.countDocuments({}),
    ]);
    const ids = rows.map((row) => row._id);
    const [tallies, topics] = await Promise.all([
      this.db
        .collection<PollTallyDocument>(POLL_TALLIES)
        .find({ _id: { $in: ids } }, { projection: { _src: 0 } })
        .toArray(),
      this.db
        .collection<TopicDocument>(TOPIC_LIST)
        .find({ _id: { $in: rows.map((row) => row.topicId) } }, { projection: { title: 1 } })
        .toArray(),
    ]);
    const tallyOf = new Map(tallies.map((tally) => [tally._id, tally]));
    const titleOf = new Map(topics.map((topic) => [topic._id, topic.title]));
    const items = rows.map((row): StaffPollRow => {
      const { myVote: _mine, resultsVisible: _shown, ...view } = pollViewOf(row, tallyOf.get(row._id) ?? null, [], now);
      return {
        ...view,
        id: row.pollId,
        topicTitle: titleOf.get(row.topicId) ?? null,
        authorId: row.authorId,
        createdAt: row.createdAt,
        closedAt: row.closedAt,
        deleted: row.deleted,
      };
    });
    return pageOf(items, page, pageSize, total);
  }
}
