import { decodeEntities } from './hidden-blocks';

export const MAX_MENTIONS = 30;

/**
 * `@nickname` mentions in content HTML, from its text only (not from attributes or URLs), unique, in order of
 * appearance, at most `max` (docs/rules/forum.md: at most 30 per item). An `@` glued to a word before it (an e-mail
 * address) is not a mention. Nicknames are 1–15 characters with no whitespace or punctuation that ends a name.
 */
const MENTION = /(^|[^\p{L}\p{N}_.@-])@([^\s@<>&"'`/\\,，。:：;；!！?？()（）[\]【】{}|=+*#$%^~]{1,15})/gu;

export function extractMentions(html: string, max = MAX_MENTIONS): string[] {
  const text = decodeEntities(html.replace(/<[^>]*>/g, ' '));
  const names: string[] = [];
  for (const match of text.matchAll(MENTION)) {
    const name = match[2]!.replace(/[.-]+$/, '');
    if (name && !names.includes(name)) names.push(name);
    if (names.length >= max) break;
  }
  return names;
}
