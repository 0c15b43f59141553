import type { Type } from '@nestjs/common';
import type { ProjectionDefinition } from '@forum/event-bus';
import { accessRevocationsProjection } from '@forum/platform';
import { FORUM_PROJECTIONS, ForumModule } from '../../forum/src/forum.module';
import { IDENTITY_PROJECTIONS, IdentityModule } from '../../identity/src/identity.module';
import { MODERATION_PROJECTIONS, ModerationModule } from '../../moderation/src/moderation.module';
import { WALLET_PROJECTIONS, WalletModule } from '../../wallet/src/wallet.module';
import { MESSAGING_PROJECTIONS, MessagingModule } from '../../messaging/src/messaging.module';
import { QA_PROJECTIONS, QaModule } from '../../qa/src/qa.module';
import { SEARCH_PROJECTIONS, SearchModule } from '../../search/src/search.module';
import { ASSISTANT_PROJECTIONS, AssistantModule } from '../../assistant/src/assistant.module';

/** Every bounded context this product has: the all-in-one process hosts them all. */
export const ALL_CONTEXTS: Type[] = [
  IdentityModule,
  ForumModule,
  ModerationModule,
  WalletModule,
  MessagingModule,
  QaModule,
  SearchModule,
  AssistantModule,
];

/**
 * Every projection by context, for the rebuild command: each context's own list, the one its module registers
 * (`<context>.module.ts`, ADR 0035). `rebuild.int-spec.ts` compares it with what the running app hosts.
 */
export const PROJECTIONS: Record<string, ProjectionDefinition[]> = {
  forum: FORUM_PROJECTIONS,
  moderation: MODERATION_PROJECTIONS,
  // One copy of the access-revocation record per process (`EventSourcingModule.forContext` adds it): identity's,
  // which this process hosts.
  identity: [...IDENTITY_PROJECTIONS, accessRevocationsProjection('identity')],
  wallet: WALLET_PROJECTIONS,
  messaging: MESSAGING_PROJECTIONS,
  qa: QA_PROJECTIONS,
  search: SEARCH_PROJECTIONS,
  assistant: ASSISTANT_PROJECTIONS,
};
