import type { Type } from '@nestjs/common';
import type { ProjectionDefinition } from '@forum/event-bus';
import { ForumModule } from '../../forum/src/forum.module';
import { topicListProjection } from '../../forum/src/topics/projections/topic-list.projection';
import { topicStatsProjection } from '../../forum/src/topics/projections/topic-stats.projection';
import { IdentityModule } from '../../identity/src/identity.module';
import { loginLogProjection } from '../../identity/src/projections/login-log.projection';
import { memberDirectoryProjection } from '../../identity/src/projections/member-directory.projection';
import { ModerationModule } from '../../moderation/src/moderation.module';
import { memberProfilesProjection } from '@forum/platform';
import { siteSettingsProjection } from '../../moderation/src/settings/projections/site-settings.projection';

/** Every bounded context this product has: the all-in-one process hosts them all. */
export const ALL_CONTEXTS: Type[] = [IdentityModule, ForumModule, ModerationModule];

/** Every projection by context, for the rebuild command. */
export const PROJECTIONS: Record<string, ProjectionDefinition[]> = {
  forum: [topicListProjection, topicStatsProjection],
  moderation: [siteSettingsProjection, memberProfilesProjection('moderation')],
  identity: [memberDirectoryProjection, loginLogProjection],
};
