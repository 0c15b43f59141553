import { Inject, Injectable } from '@nestjs/common';
import type { Db } from 'mongodb';
import { z } from 'zod';
import { newId, pageOf, streamId } from '@forum/contracts';
import type { CommandMetadata, EventEnvelope, FeedbackEvent, Page } from '@forum/contracts';
import type { ProjectionDefinition, ReadModelWriter } from '@forum/event-bus';
import { Decider, DomainError, EventStore } from '@forum/event-store';
import { CONTEXT_DB, singleLine, wholeNumber } from '@forum/platform';
import { SiteSettingsReader } from '../settings/queries/site-settings.reader';

export const FEEDBACK = 'feedback';

/** The online message form (docs/rules/moderation.md, content pages): name 1–30, contact not empty, content 1–1000. */
export const feedbackBody = z.strictObject({
  name: singleLine(z.string().trim().min(1).max(30)),
  contact: singleLine(z.string().trim().min(1).max(100)),
  content: z.string().trim().min(1).max(1000),
});
export type FeedbackBody = z.infer<typeof feedbackBody>;

export const inboxQuery = z.strictObject({
  page: wholeNumber().pipe(z.number().min(1).max(100_000)).default(1),
  pageSize: wholeNumber().pipe(z.number().min(1).max(100)).default(20),
});

interface FeedbackDocument {
  _id: string;
  name: string;
  contact: string;
  content: string;
  memberId: string | null;
  receivedAt: string;
  deleted: boolean;
}

type FeedbackCommand =
  | ({ type: 'ReceiveFeedback'; feedbackId: string; memberId: string | null; now: Date } & FeedbackBody)
  | { type: 'DeleteFeedback'; feedbackId: string; by: string; now: Date };

/** One message: received once, deleted once by staff. */
export const feedbackDecider: Decider<{ status: 'none' | 'received' | 'deleted' }, FeedbackCommand, FeedbackEvent> = {
  name: 'feedback',
  initialState: () => ({ status: 'none' }),
  evolve: (_state, event) => ({ status: event.type === 'FeedbackDeleted' ? 'deleted' : 'received' }),
  decide(command, state) {
    if (command.type === 'ReceiveFeedback') {
      if (state.status !== 'none') return [];
      const { feedbackId, name, contact, content, memberId, now } = command;
      return [
        {
          type: 'FeedbackReceived',
          data: { feedbackId, name, contact, content, memberId, receivedAt: now.toISOString() },
        },
      ];
    }
    if (state.status !== 'received') throw new DomainError('moderation.feedback_not_found');
    return [
      {
        type: 'FeedbackDeleted',
        data: { feedbackId: command.feedbackId, by: command.by, at: command.now.toISOString() },
      },
    ];
  },
};

export const feedbackProjection: ProjectionDefinition = {
  name: 'moderation-feedback',
  version: 1,
  topics: ['moderation.feedback'],
  collections: [FEEDBACK],
  apply(envelope: EventEnvelope, writer: ReadModelWriter) {
    const event = envelope as EventEnvelope & FeedbackEvent;
    if (event.type === 'FeedbackReceived') {
      const { feedbackId, ...fields } = event.data;
      writer.upsertVersioned(FEEDBACK, feedbackId, envelope, { $set: { ...fields, deleted: false } });
    } else writer.upsertVersioned(FEEDBACK, event.data.feedbackId, envelope, { $set: { deleted: true } });
  },
};

/** Online messages in and the staff inbox out; the `feedback` switch closes the form. */
@Injectable()
export class FeedbackBox {
  constructor(
    private readonly store: EventStore,
    private readonly settings: SiteSettingsReader,
    @Inject(CONTEXT_DB) private readonly db: Db,
  ) {}

  async receive(body: FeedbackBody, meta: CommandMetadata): Promise<{ id: string }> {
    const { feedback } = (await this.settings.current()).switches;
    if (!feedback.enabled && meta.actor.kind !== 'staff') {
      throw new DomainError('moderation.feedback_disabled', {}, undefined, feedback.message || undefined);
    }
    const feedbackId = newId(meta.now.getTime());
    const memberId = meta.actor.kind === 'member' ? meta.actor.id : null;
    await this.store.handle(
      feedbackDecider,
      streamId('feedback', feedbackId),
      { type: 'ReceiveFeedback', feedbackId, memberId, ...body, now: meta.now },
      meta,
    );
    return { id: feedbackId };
  }

  async inbox(query: z.infer<typeof inboxQuery>): Promise<Page<Omit<FeedbackDocument, '_id'> & { id: string }>> {
    const collection = this.db.collection<FeedbackDocument>(FEEDBACK);
    const filter = { deleted: false };
    const [docs, total] = await Promise.all([
      collection
        .find(filter)
        .sort({ _id: -1 })
        .skip((query.page - 1) * query.pageSize)
        .limit(query.pageSize)
        .toArray(),
      collection.countDocuments(filter),
    ]);
    return pageOf(
      docs.map(({ _id, ...doc }) => ({ id: _id, ...doc })),
      query.page,
      query.pageSize,
      total,
    );
  }

  async remove(feedbackId: string, meta: CommandMetadata): Promise<{ id: string }> {
    const by = meta.actor.id;
    if (meta.actor.kind !== 'staff' || !by) throw new DomainError('auth.forbidden');
    await this.store.handle(
      feedbackDecider,
      streamId('feedback', feedbackId),
      { type: 'DeleteFeedback', feedbackId, by, now: meta.now },
      meta,
    );
    return { id: feedbackId };
  }
}
