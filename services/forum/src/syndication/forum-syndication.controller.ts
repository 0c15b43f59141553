import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '@forum/event-store';
import {
  OpenWhenClosed,
  Public,
  RSS_TYPE,
  rssXml,
  sendSyndication,
  SiteSettingsCache,
  siteOrigin,
  sitemapFileNumber,
  sitemapXml,
} from '@forum/platform';
import { ForumSyndication } from './forum-syndication';

/**
 * The site's crawler entrances, at the root like the member site's pages: `/robots.txt`, `/sitemap.xml` (an index),
 * `/sitemap/pages.xml`, `/sitemap/topics/<n>.xml`, and RSS feeds `/feeds/topics.xml`, `/feeds/tags/<tagId>.xml`.
 * A closed site answers only robots.txt (which then asks crawlers to stay away).
 */
@ApiExcludeController()
@Public()
@Controller()
export class ForumSyndicationController {
  constructor(
    private readonly syndication: ForumSyndication,
    private readonly settings: SiteSettingsCache,
  ) {}

  @OpenWhenClosed()
  @Get('robots.txt')
  robots(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): string {
    const lines =
      this.settings.current().siteMode === 'closed'
        ? ['User-agent: *', 'Disallow: /']
        : [
            'User-agent: *',
            'Disallow: /api/',
            'Disallow: /admin/',
            'Disallow: /user/control/',
            'Disallow: /login',
            'Disallow: /register',
            'Disallow: /findPassWord/',
            'Disallow: /search',
            'Allow: /',
            '',
            `Sitemap: ${siteOrigin(request)}/sitemap.xml`,
          ];
    return sendSyndication(reply, `${lines.join('\n')}\n`, 'text/plain; charset=utf-8');
  }

  @Get('sitemap.xml')
  async index(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    return sendSyndication(reply, sitemapXml('sitemapindex', siteOrigin(request), await this.syndication.index()));
  }

  @Get('sitemap/pages.xml')
  async pages(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    return sendSyndication(reply, sitemapXml('urlset', siteOrigin(request), await this.syndication.pages()));
  }

  @Get('sitemap/topics/:file')
  async topics(
    @Param('file') file: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const entries = await this.syndication.topicFile(sitemapFileNumber(file));
    return sendSyndication(reply, sitemapXml('urlset', siteOrigin(request), entries));
  }

  @Get('feeds/topics.xml')
  async latest(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    return sendSyndication(reply, rssXml(siteOrigin(request), await this.syndication.feed(null)), RSS_TYPE);
  }

  @Get('feeds/tags/:file')
  async tag(
    @Param('file') file: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const tagId = /^(.{1,64})\.xml$/.exec(file)?.[1];
    if (!tagId) throw new DomainError('common.not_found');
    return sendSyndication(reply, rssXml(siteOrigin(request), await this.syndication.feed(tagId)), RSS_TYPE);
  }
}
