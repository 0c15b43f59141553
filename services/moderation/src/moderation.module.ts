import { Module } from '@nestjs/common';
import {
  EventSourcingModule,
  memberProfilesProjection,
  PermissionChecker,
  permissionSetsProjection,
} from '@forum/platform';
import { ChangeSettingsHandler } from './settings/commands/change-settings';
import { siteSettingsProjection } from './settings/projections/site-settings.projection';
import { SiteSettingsReader } from './settings/queries/site-settings.reader';
import { SettingsController } from './settings/settings.controller';
import { SiteInfoController } from './settings/site-info.controller';

/** The moderation context: so far the site settings and switches, site info and visit tracking. */
@Module({
  imports: [
    EventSourcingModule.forContext({
      context: 'moderation',
      projections: [
        siteSettingsProjection,
        memberProfilesProjection('moderation'),
        permissionSetsProjection('moderation'),
      ],
    }),
  ],
  controllers: [SettingsController, SiteInfoController],
  providers: [ChangeSettingsHandler, SiteSettingsReader, PermissionChecker],
  exports: [SiteSettingsReader],
})
export class ModerationModule {}
