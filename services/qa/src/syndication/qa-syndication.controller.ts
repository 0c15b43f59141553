import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public, RSS_TYPE, rssXml, sendSyndication, siteOrigin, sitemapFileNumber, sitemapXml } from '@forum/platform';
import { QaSyndication } from './qa-syndication';

/** `/sitemap/questions/<n>.xml` (listed by the forum's `/sitemap.xml`) and the RSS feed `/feeds/questions.xml`. */
@ApiExcludeController()
@Public()
@Controller()
export class QaSyndicationController {
  constructor(private readonly syndication: QaSyndication) {}

  @Get('sitemap/questions/:file')
  async questions(
    @Param('file') file: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const entries = await this.syndication.file(sitemapFileNumber(file));
    return sendSyndication(reply, sitemapXml('urlset', siteOrigin(request), entries));
  }

  @Get('feeds/questions.xml')
  async feed(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    return sendSyndication(reply, rssXml(siteOrigin(request), await this.syndication.feed()), RSS_TYPE);
  }
}
