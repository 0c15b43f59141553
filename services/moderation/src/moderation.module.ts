import { Module } from '@nestjs/common';
import type { ProjectionDefinition } from '@forum/event-bus';
import {
  EventSourcingModule,
  memberProfilesProjection,
  PermissionChecker,
  permissionSetsProjection,
} from '@forum/platform';
import { AUDIT_CONTROLLERS, AUDIT_PROJECTIONS, AUDIT_PROVIDERS } from './audit/audit.parts';
import { CONTENT_PAGE_CONTROLLERS, CONTENT_PAGE_PROJECTIONS, CONTENT_PAGE_PROVIDERS } from './content-pages.parts';
import { REPORT_CONTROLLERS, REPORT_PROJECTIONS, REPORT_PROVIDERS } from './reports/reports.parts';
import { ChangeSettingsHandler } from './settings/commands/change-settings';
import { siteSettingsProjection } from './settings/projections/site-settings.projection';
import { SiteSettingsReader } from './settings/queries/site-settings.reader';
import { SettingsController } from './settings/settings.controller';
import { SiteInfoController } from './settings/site-info.controller';

/** Every read model of the moderation context (also listed for the rebuild command). */
export const MODERATION_PROJECTIONS: ProjectionDefinition[] = [
  siteSettingsProjection,
  memberProfilesProjection('moderation'),
  permissionSetsProjection('moderation'),
  ...REPORT_PROJECTIONS,
  ...CONTENT_PAGE_PROJECTIONS,
  ...AUDIT_PROJECTIONS,
];

/** The moderation context: site settings and switches, site info and visit tracking, reports, content pages. */
@Module({
  imports: [EventSourcingModule.forContext({ context: 'moderation', projections: MODERATION_PROJECTIONS })],
  controllers: [
    SettingsController,
    SiteInfoController,
    ...REPORT_CONTROLLERS,
    ...CONTENT_PAGE_CONTROLLERS,
    ...AUDIT_CONTROLLERS,
  ],
  providers: [
    ChangeSettingsHandler,
    SiteSettingsReader,
    PermissionChecker,
    ...REPORT_PROVIDERS,
    ...CONTENT_PAGE_PROVIDERS,
    ...AUDIT_PROVIDERS,
  ],
  exports: [SiteSettingsReader],
})
export class ModerationModule {}
