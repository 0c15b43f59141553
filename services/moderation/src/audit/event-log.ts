import { Controller, Get, Inject, Injectable, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Filter, MongoClient } from 'mongodb';
import { z } from 'zod';
import { eventContract, pageOf, registeredEventTypes } from '@forum/contracts';
import type { Actor, Page } from '@forum/contracts';
import type { CommitDocument } from '@forum/event-store';
import { DomainError } from '@forum/event-store';
import { APP_CONFIG, MONGO_CLIENT, RequiresPermission, ValidQuery } from '@forum/platform';
import type { AppConfig } from '@forum/platform';
import { isoTime, jsonParam, paging, sortParam } from './audit-query';

/** Every context that writes events, from the contracts (the search context only reads). */
export function eventContexts(): string[] {
  const contexts = new Set<string>();
  for (const type of registeredEventTypes()) contexts.add(eventContract(type)!.context);
  return [...contexts].sort();
}

const streamPrefix = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/);

export const eventLogQuery = z.strictObject({
  ...paging,
  sort: sortParam(['occurredAt'], 'occurredAt:desc'),
  filter: jsonParam(
    z.strictObject({
      context: z.string().max(32).default('forum'),
      /** The start of the stream id: `topic-` for every topic, `topic-01H…` for one. */
      streamPrefix: streamPrefix.optional(),
      type: z
        .string()
        .regex(/^[A-Za-z]{1,64}$/)
        .optional(),
      from: isoTime.optional(),
      to: isoTime.optional(),
    }),
  ).default({ context: 'forum' }),
});
export type EventLogQuery = z.infer<typeof eventLogQuery>;

/** One event as the browser lists it (the payload only in the single view). */
export interface EventLogRow {
  /** `<context>|<commit id>|<version>`: finds the commit by `_id`. */
  id: string;
  context: string;
  streamId: string;
  version: number;
  type: string;
  occurredAt: string;
  committedAt: string;
  actor: Actor;
  correlationId: string;
  causationId: string | null;
  published: boolean;
}

export interface EventLogEntry extends EventLogRow {
  eventId: string;
  schemaVersion: number;
  data: unknown;
}

/**
 * Reads the event store of any context, read-only, for the staff's event-log browser (ADR 0021). Like the rebuild
 * command, an operations tool that looks at every context's commits; it never writes them.
 */
@Injectable()
export class EventLogReader {
  constructor(
    @Inject(MONGO_CLIENT) private readonly client: MongoClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private commits(context: string) {
    if (!eventContexts().includes(context)) throw new DomainError('common.not_found');
    return this.client.db(`${this.config.MONGO_DB_PREFIX}${context}`).collection<CommitDocument>('commits');
  }

  /**
   * Pages over events, not commits (a commit may hold several): walks the matching commits in order without
   * their payloads, counting every matching event for the total and keeping the page's.
   */
  async list(query: EventLogQuery): Promise<Page<EventLogRow>> {
    const { context, streamPrefix: prefix, type, from, to } = query.filter;
    const filter: Filter<CommitDocument> = {};
    // Commit ids start with the stream id: a stream prefix is an `_id` range.
    if (prefix) filter._id = { $gte: prefix, $lt: `${prefix}\uffff` };
    if (from || to) {
      filter.committedAt = { ...(from ? { $gte: new Date(from) } : {}), ...(to ? { $lte: new Date(to) } : {}) };
    }
    if (type) filter['events.type'] = type;
    const direction = query.sort.order === 'asc' ? 1 : -1;
    const cursor = this.commits(context)
      .find(filter, { projection: { 'events.data': 0 } })
      .sort({ committedAt: direction, _id: direction })
      .batchSize(2000);
    const skip = (query.page - 1) * query.pageSize;
    const items: EventLogRow[] = [];
    let total = 0;
    for await (const commit of cursor) {
      const events = direction === 1 ? commit.events : [...commit.events].reverse();
      for (const event of events) {
        if (type && event.type !== type) continue;
        if (total >= skip && items.length < query.pageSize) items.push(rowOf(context, commit, event));
        total++;
      }
    }
    return pageOf(items, query.page, query.pageSize, total);
  }

  async one(id: string): Promise<EventLogEntry> {
    const first = id.indexOf('|');
    const last = id.lastIndexOf('|');
    if (first < 0 || last <= first) throw new DomainError('common.not_found');
    const context = id.slice(0, first);
    const commitId = id.slice(first + 1, last);
    const version = Number(id.slice(last + 1));
    const commit = await this.commits(context).findOne({ _id: commitId });
    const event = commit?.events.find((candidate) => candidate.version === version);
    if (!commit || !event) throw new DomainError('common.not_found');
    return {
      ...rowOf(context, commit, event),
      eventId: event.id,
      schemaVersion: event.schemaVersion,
      data: event.data,
    };
  }
}

function rowOf(context: string, commit: CommitDocument, event: CommitDocument['events'][number]): EventLogRow {
  return {
    id: `${context}|${commit._id}|${event.version}`,
    context,
    streamId: commit.streamId,
    version: event.version,
    type: event.type,
    occurredAt: event.occurredAt,
    committedAt: new Date(commit.committedAt).toISOString(),
    actor: event.actor,
    correlationId: event.correlationId,
    causationId: event.causationId,
    published: commit.dispatched,
  };
}

/** The staff's read-only event-log browser (`audit.read`). */
@ApiTags('moderation')
@RequiresPermission('audit.read')
@Controller('moderation/staff')
export class EventLogController {
  constructor(private readonly reader: EventLogReader) {}

  @Get('events')
  list(@ValidQuery(eventLogQuery) query: EventLogQuery): Promise<Page<EventLogRow>> {
    return this.reader.list(query);
  }

  @Get('events/:id')
  one(@Param('id') id: string): Promise<EventLogEntry> {
    return this.reader.one(id);
  }

  /** The contexts and event types the filters offer. */
  @Get('event-types')
  types(): { contexts: string[]; types: { type: string; context: string }[] } {
    return {
      contexts: eventContexts(),
      types: registeredEventTypes()
        .map((type) => ({ type, context: eventContract(type)!.context }))
        .sort((a, b) => a.type.localeCompare(b.type)),
    };
  }
}
