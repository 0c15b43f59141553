import { z } from 'zod';
import { defineEvent, EventOf } from '../event-contract';

/**
 * Stream `oauthLink-<provider>.<hash of the provider's subject>`: one per third-party account, so two first logins
 * racing each other link it to one member. The subject itself stays out of the event (it may be an email).
 */
export const OAuthAccountLinked = defineEvent({
  context: 'identity',
  aggregate: 'oauthLink',
  type: 'OAuthAccountLinked',
  schema: z.object({ provider: z.string(), memberId: z.string(), linkedAt: z.string() }),
});

export type OAuthLinkEvent = EventOf<typeof OAuthAccountLinked>;
