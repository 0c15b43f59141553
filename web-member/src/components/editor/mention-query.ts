/**
 * The `@name` being typed right before the cursor, as the server reads mentions (an `@` not glued to a word
 * before it, then up to 15 characters that may be in a nickname): null when the cursor is not in one.
 */
const TYPED_MENTION = /(?:^|[^\p{L}\p{N}_.@-])@([^\s@<>&"'`/\\,，。:：;；!！?？()（）[\]【】{}|=+*#$%^~]{1,15})$/u;

export function mentionQueryBefore(textBeforeCursor: string): string | null {
  return TYPED_MENTION.exec(textBeforeCursor)?.[1] ?? null;
}
