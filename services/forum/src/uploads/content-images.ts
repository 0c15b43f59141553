import { FILES_URL_PREFIX } from '@forum/platform';

/**
 * How many images from the site's own storage a piece of (sanitized) content embeds: what
 * `uploads.image.maxPerTopic` limits. Images from allowed outside hosts do not count: they cost us no storage.
 */
export function ownImageCount(html: string): number {
  let count = 0;
  for (const match of html.matchAll(/<img\b[^>]*\bsrc\s*=\s*(["'])(.*?)\1/gi)) {
    if (match[2]!.startsWith(FILES_URL_PREFIX)) count++;
  }
  return count;
}
