import { Parser } from 'htmlparser2';
import { redactHiddenBlocks } from '@forum/platform';

/** Elements whose content never reaches the index: locked blocks above all (docs/rules/forum.md, hidden content), and non-text. */
const SKIPPED = new Set(['hide', 'script', 'style', 'player', 'video', 'audio']);
const BLOCKS = new Set([
  'p',
  'div',
  'br',
  'li',
  'ul',
  'ol',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'tr',
]);

/**
 * The visible text of sanitized HTML for the index: tags dropped, entities decoded, blocks separated by a space,
 * and everything inside `<hide>` left out whatever its type — a search must not reveal, even by a hit on a word,
 * what a reader has to unlock. The index is shared by all readers, so nothing is indexed per reader.
 */
export function plainTextOf(html: string): string {
  // The shared hidden-block parser empties every block first (as a reader who unlocked nothing sees the content);
  // the `hide` element is skipped below as well, so a block survives neither way.
  const visible = redactHiddenBlocks(html, () => false);
  let skipping = 0;
  const parts: string[] = [];
  const parser = new Parser(
    {
      onopentag(name) {
        if (SKIPPED.has(name)) skipping++;
        else if (BLOCKS.has(name)) parts.push(' ');
      },
      onclosetag(name) {
        if (SKIPPED.has(name)) skipping = Math.max(0, skipping - 1);
        else if (BLOCKS.has(name)) parts.push(' ');
      },
      ontext(text) {
        if (skipping === 0) parts.push(text);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, recognizeSelfClosing: true },
  );
  parser.write(visible);
  parser.end();
  return parts.join('').replace(/\s+/g, ' ').trim();
}
