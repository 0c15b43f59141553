import { Controller, Get, HttpCode, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Db } from 'mongodb';
import { z } from 'zod';
import type { Actor } from '@forum/contracts';
import {
  CONTEXT_DB,
  CurrentActor,
  MEMBER_PROFILES,
  MemberProfileDocument,
  OpenWhenClosed,
  Public,
  RateLimit,
  ValidQuery,
  wholeNumber,
} from '@forum/platform';
import { SiteSettingsReader } from './queries/site-settings.reader';

export const PAGE_VISITS = 'page_visits';

const visitQuery = z.strictObject({
  url: z.string().min(1).max(2000),
  referrer: z.string().max(2000).optional(),
  timestamp: wholeNumber().optional(),
});

/** The member site's fixed calls at the root (docs/rules/web.md): `GET /baseInfo` and `GET /statistic/add`. */
@ApiTags('site')
@Public()
@OpenWhenClosed()
@Controller()
export class SiteInfoController {
  constructor(
    private readonly settings: SiteSettingsReader,
    @Inject(CONTEXT_DB) private readonly db: Db,
  ) {}

  /** Site information the member site starts from (docs/rules/web.md), with the current user. */
  @Get('baseInfo')
  async baseInfo(@CurrentActor() actor: Actor) {
    const [settings, profile] = await Promise.all([
      this.settings.current(),
      actor.id ? this.db.collection<MemberProfileDocument>(MEMBER_PROFILES).findOne({ _id: actor.id }) : null,
    ]);
    return {
      title: settings.title,
      keywords: settings.keywords,
      description: settings.description,
      baseURL: '/',
      commonPath: '',
      contextPath: '',
      templateDir: '',
      baseURI: '/',
      fileStorageSystem: settings.fileStorageSystem,
      supportAccessDevice: settings.supportAccessDevice,
      weixin_oa_appid: '',
      defaultLanguage: settings.defaultLanguage,
      languageSwitching: settings.languageSwitching,
      systemUser: actor.id
        ? {
            id: actor.id,
            kind: actor.kind,
            account: profile?.account ?? null,
            nickname: profile?.nickname ?? null,
            avatarUrl: profile?.avatarUrl ?? null,
          }
        : null,
      aiAssistantParameter: {},
      friendlyLinks: settings.friendlyLinks,
      siteMode: settings.siteMode,
      closedNotice: settings.closedNotice,
      switches: settings.switches,
      forum: { maxTagsPerTopic: settings.forum.maxTagsPerTopic },
      /** The ask form's bounds (docs/rules/qa.md): tags per question, bounty in fen and points. */
      qa: { maxTags: settings.qa.maxTags, bounty: settings.qa.bounty },
    };
  }

  /** Visit tracking before each navigation of the member site: a page-view counter per day. */
  @Get('statistic/add')
  @HttpCode(204)
  @RateLimit({ limit: 300, windowSeconds: 60, by: 'ip' })
  async visit(@ValidQuery(visitQuery) _visit: z.infer<typeof visitQuery>): Promise<void> {
    const day = new Date().toISOString().slice(0, 10);
    await this.db
      .collection<{ _id: string }>(PAGE_VISITS)
      .updateOne({ _id: day }, { $inc: { views: 1 } }, { upsert: true });
  }
}
