import { z } from 'zod';
import { defineEvent, EventOf } from '../event-contract';

const MEMBER = { context: 'identity', aggregate: 'member' } as const;

/** Staff switched the account off: it can no longer sign in, and its sessions were ended. */
export const MemberDisabled = defineEvent({
  ...MEMBER,
  type: 'MemberDisabled',
  schema: z.object({ memberId: z.string(), by: z.string().nullable(), at: z.string() }),
});

export const MemberEnabled = defineEvent({
  ...MEMBER,
  type: 'MemberEnabled',
  schema: z.object({ memberId: z.string(), by: z.string().nullable(), at: z.string() }),
});

export type MemberStateEvent = EventOf<typeof MemberDisabled> | EventOf<typeof MemberEnabled>;
