import type { Type } from '@nestjs/common';
import type { ProjectionDefinition } from '@forum/event-bus';
import { ForumModule } from '../../forum/src/forum.module';
import { TOPIC_PROJECTIONS } from '../../forum/src/topics/topic.parts';
import { COMMENT_PROJECTIONS } from '../../forum/src/comments/comments.parts';
import { REVIEW_PROJECTIONS } from '../../forum/src/review/review.parts';
import { IdentityModule } from '../../identity/src/identity.module';
import { followsProjection } from '../../identity/src/projections/follows.projection';
import { loginLogProjection } from '../../identity/src/projections/login-log.projection';
import { memberDirectoryProjection } from '../../identity/src/projections/member-directory.projection';
import { ModerationModule } from '../../moderation/src/moderation.module';
import { accessRevocationsProjection, memberProfilesProjection, permissionSetsProjection } from '@forum/platform';
import { memberSessionsProjection } from '../../identity/src/sessions/member-sessions';
import { siteSettingsProjection } from '../../moderation/src/settings/projections/site-settings.projection';
import { REPORT_PROJECTIONS } from '../../moderation/src/reports/reports.parts';
import { CONTENT_PAGE_PROJECTIONS } from '../../moderation/src/content-pages.parts';
import { AUDIT_PROJECTIONS } from '../../moderation/src/audit/audit.parts';
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

/** Every projection by context, for the rebuild command. */
export const PROJECTIONS: Record<string, ProjectionDefinition[]> = {
  forum: [...TOPIC_PROJECTIONS, memberProfilesProjection('forum'), ...COMMENT_PROJECTIONS, ...REVIEW_PROJECTIONS],
  moderation: [
    siteSettingsProjection,
    memberProfilesProjection('moderation'),
    permissionSetsProjection('moderation'),
    ...REPORT_PROJECTIONS,
    ...CONTENT_PAGE_PROJECTIONS,
    ...AUDIT_PROJECTIONS,
  ],
  identity: [
    memberDirectoryProjection,
    loginLogProjection,
    permissionSetsProjection('identity'),
    memberSessionsProjection,
    followsProjection,
    // One copy per process (`EventSourcingModule.forContext`): identity's, the first context the app hosts.
    accessRevocationsProjection('identity'),
  ],
  wallet: WALLET_PROJECTIONS,
  messaging: MESSAGING_PROJECTIONS,
  qa: QA_PROJECTIONS,
  search: SEARCH_PROJECTIONS,
  assistant: ASSISTANT_PROJECTIONS,
};
