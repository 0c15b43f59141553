import { z } from 'zod';
import { defineEvent, EventOf } from '../event-contract';

/** Staff changed site settings: the changed top-level sections, with what they were before (for the audit log). */
export const SettingsChanged = defineEvent({
  context: 'moderation',
  aggregate: 'settings',
  type: 'SettingsChanged',
  schema: z.object({
    changes: z.record(z.string(), z.unknown()),
    previous: z.record(z.string(), z.unknown()),
  }),
});

export type SettingsEvent = EventOf<typeof SettingsChanged>;
