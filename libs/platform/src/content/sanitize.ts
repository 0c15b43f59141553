import sanitizeHtml from 'sanitize-html';
import type { IOptions } from 'sanitize-html';
import { normalizeHiddenBlocks } from './hidden-blocks';

export interface SanitizeOptions {
  /** Hosts (exact names) whose https images may be embedded besides the site's own storage. */
  imageHosts?: readonly string[];
}

/** The site's own file storage: images and video posters are served from here. */
const OWN_STORAGE = /^\/api\/files\/[A-Za-z0-9._~\-/]+(\?[A-Za-z0-9._~\-=&]*)?$/;

function allowedMediaSource(src: string | undefined, hosts: readonly string[]): boolean {
  if (!src) return false;
  if (OWN_STORAGE.test(src) && !src.includes('..')) return true;
  try {
    const url = new URL(src);
    return url.protocol === 'https:' && hosts.includes(url.hostname) && !url.username && !url.password;
  } catch {
    return false;
  }
}

function options({ imageHosts = [] }: SanitizeOptions): IOptions {
  return {
    allowedTags: [
      'p',
      'br',
      'hr',
      'div',
      'span',
      'h1',
      'h2',
      'h3',
      'h4',
      'h5',
      'h6',
      'blockquote',
      'pre',
      'code',
      'strong',
      'b',
      'em',
      'i',
      'u',
      's',
      'del',
      'ins',
      'sub',
      'sup',
      'mark',
      'ul',
      'ol',
      'li',
      'a',
      'img',
      'table',
      'thead',
      'tbody',
      'tfoot',
      'tr',
      'th',
      'td',
      'figure',
      'figcaption',
      // The only custom elements (docs/rules/forum.md).
      'hide',
      'player',
    ],
    allowedAttributes: {
      a: ['href', 'title', 'rel'],
      img: ['src', 'alt', 'title', 'width', 'height'],
      hide: ['type', 'value', 'data-block-id'],
      player: ['src', 'poster', 'data-video-id'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan'],
      ol: ['start'],
      span: ['class', 'data-member-id'],
      code: ['class'],
      pre: ['class'],
      p: ['style'],
      h1: ['style'],
      h2: ['style'],
      h3: ['style'],
      h4: ['style'],
      h5: ['style'],
      h6: ['style'],
    },
    allowedClasses: { code: ['language-*'], pre: ['language-*'], span: ['mention'] },
    allowedStyles: { '*': { 'text-align': [/^(left|right|center|justify)$/] } },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['https'], player: ['https'] },
    allowedSchemesAppliedToAttributes: ['href', 'src', 'poster', 'cite'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    enforceHtmlBoundary: false,
    parseStyleAttributes: true,
    // Text of these never reaches the output, even as text.
    nonTextTags: [
      'script',
      'style',
      'textarea',
      'option',
      'noscript',
      'title',
      'xmp',
      'iframe',
      'noembed',
      'noframes',
      'template',
      'svg',
      'math',
      'object',
    ],
    transformTags: {
      // Links never pass on the page's authority or a window handle.
      a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'nofollow noopener noreferrer' } }),
      img: (tagName, attribs) => {
        const { src, ...rest } = attribs;
        return { tagName, attribs: allowedMediaSource(src, imageHosts) ? { src: src!, ...rest } : rest };
      },
      player: (tagName, attribs) => {
        const { src, poster, ...rest } = attribs;
        return {
          tagName,
          attribs: {
            ...rest,
            ...(allowedMediaSource(src, imageHosts) ? { src: src! } : {}),
            ...(allowedMediaSource(poster, imageHosts) ? { poster: poster! } : {}),
          },
        };
      },
    },
    // An image whose source was not allowed is dropped whole.
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  };
}

/**
 * The allow-list sanitizer every content HTML goes through before it is stored (docs/rules/forum.md): no script, no event
 * handler, no `javascript:`/`data:` URL, images and video only from the site's own storage (`/api/files/`) or
 * allowed https hosts, `<hide type value data-block-id>` and `<player>` the only custom elements, nested hidden blocks
 * flattened, links with `rel="nofollow noopener noreferrer"`.
 */
export function sanitizeContent(html: string, opts: SanitizeOptions = {}): string {
  return normalizeHiddenBlocks(sanitizeHtml(html, options(opts)));
}
