import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '@forum/event-store';

/** URLs per sitemap file: far under the protocol's 50,000, so one file is one quick read of the index. */
export const SITEMAP_FILE_SIZE = 5_000;

/** Entries in a feed: the newest ones. */
export const FEED_SIZE = 50;

export const RSS_TYPE = 'application/rss+xml; charset=utf-8';

/** Crawlers come back for these; the site changes slowly enough that a few minutes of staleness is harmless. */
const CACHE_CONTROL = 'public, max-age=300';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text for XML character data and attributes; characters XML 1.0 forbids are dropped. */
export function xmlText(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/[&<>"']/g, (char) => XML_ESCAPES[char]!);
}

/**
 * The address the visitor used (`https://forum.example`): behind nginx the forwarded scheme and host, which
 * Fastify reads only when `TRUST_PROXY` is on; otherwise the request's own.
 */
export function siteOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export interface SitemapEntry {
  /** A path of the member site (`/thread?topicId=…`). */
  path: string;
  lastmod?: string | null;
}

/** A `<urlset>` (entries are pages) or a `<sitemapindex>` (entries are sitemap files). */
export function sitemapXml(kind: 'urlset' | 'sitemapindex', origin: string, entries: readonly SitemapEntry[]): string {
  const element = kind === 'urlset' ? 'url' : 'sitemap';
  const body = entries
    .map(({ path, lastmod }) => {
      const date = lastmod ? `<lastmod>${xmlText(new Date(lastmod).toISOString())}</lastmod>` : '';
      return `<${element}><loc>${xmlText(origin + path)}</loc>${date}</${element}>`;
    })
    .join('\n');
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<${kind} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</${kind}>\n`
  );
}

export interface FeedItem {
  title: string;
  path: string;
  /** Plain text (a list's summary: never hidden content). */
  summary: string;
  author: string;
  publishedAt: string;
  categories?: readonly string[];
}

export interface Feed {
  title: string;
  description: string;
  /** The page the feed follows, and the feed's own path. */
  path: string;
  selfPath: string;
  language: string;
  items: readonly FeedItem[];
}

/** RSS 2.0 with an Atom self link (what feed readers and validators expect of RSS today). */
export function rssXml(origin: string, feed: Feed): string {
  const items = feed.items
    .map((item) => {
      const link = xmlText(origin + item.path);
      const categories = (item.categories ?? []).map((name) => `<category>${xmlText(name)}</category>`).join('');
      return (
        `<item><title>${xmlText(item.title)}</title><link>${link}</link><guid isPermaLink="true">${link}</guid>` +
        `<pubDate>${new Date(item.publishedAt).toUTCString()}</pubDate><dc:creator>${xmlText(item.author)}</dc:creator>` +
        `${categories}<description>${xmlText(item.summary)}</description></item>`
      );
    })
    .join('\n');
  const newest = feed.items[0]?.publishedAt;
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">\n` +
    `<channel><title>${xmlText(feed.title)}</title><link>${xmlText(origin + feed.path)}</link>` +
    `<description>${xmlText(feed.description)}</description><language>${xmlText(feed.language)}</language>` +
    (newest ? `<lastBuildDate>${new Date(newest).toUTCString()}</lastBuildDate>` : '') +
    `<atom:link href="${xmlText(origin + feed.selfPath)}" rel="self" type="application/rss+xml"/>\n` +
    `${items}\n</channel>\n</rss>\n`
  );
}

/** Sends XML (or robots' plain text) the way crawlers expect it: typed, cacheable for a few minutes. */
export function sendSyndication(reply: FastifyReply, body: string, type = 'application/xml; charset=utf-8'): string {
  void reply.header('content-type', type).header('cache-control', CACHE_CONTROL);
  return body;
}

/** The newest of a content's dates: when it last changed for a crawler. */
export function lastChange(...dates: (string | null | undefined)[]): string | null {
  let newest: string | null = null;
  for (const date of dates) if (date && (!newest || date > newest)) newest = date;
  return newest;
}

/** A sitemap file's name, `1.xml` → 1; anything else is no file of ours. */
export function sitemapFileNumber(file: string): number {
  const match = /^([1-9]\d{0,5})\.xml$/.exec(file);
  if (!match) throw new DomainError('common.not_found');
  return Number(match[1]);
}
