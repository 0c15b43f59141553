import { streamId } from '@forum/contracts';
import type { ReminderDeliveryEvent } from '@forum/contracts';
import type { Decider } from '@forum/event-store';
import type { ReminderPlan } from './reminder-rules';

/** One stream per source event: its reminders are delivered exactly once, however often the event comes. */
export function deliveryStream(sourceEventId: string): string {
  return streamId('reminderDelivery', sourceEventId);
}

export type DeliveryCommand = { type: 'Deliver'; plan: ReminderPlan };

export const reminderDeliveryDecider: Decider<{ delivered: boolean }, DeliveryCommand, ReminderDeliveryEvent> = {
  name: 'reminderDelivery',
  initialState: () => ({ delivered: false }),
  evolve: () => ({ delivered: true }),
  decide: ({ plan }, state) =>
    state.delivered || plan.recipients.length === 0
      ? []
      : [{ type: 'RemindersDelivered', data: { ...plan.target, recipients: plan.recipients } }],
};

/**
 * The pages of one follower fan-out (stream `reminderDelivery-followers_<sourceEventId>`): each page is appended
 * once by its own idempotency key (source event + page number), so the stream itself has no rule to keep.
 */
export const followerFanoutDecider: Decider<null, DeliveryCommand, ReminderDeliveryEvent> = {
  name: 'followerFanout',
  initialState: () => null,
  evolve: () => null,
  decide: ({ plan }) =>
    plan.recipients.length === 0
      ? []
      : [{ type: 'RemindersDelivered', data: { ...plan.target, recipients: plan.recipients } }],
};
