import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { MemberSuggestion } from '@/lib/api/member-lookup';
import { mentionQueryBefore } from './mention-query';
import { mentionKey, useMentionLookup } from './mention-suggestions';

/**
 * `@` mention autocomplete for a plain text area (comments and replies): the `@name` right before the caret
 * is looked up; choosing a member replaces it with `@nickname `. The server still decides whether it exists.
 */
export function useTextareaMentions(
  field: RefObject<HTMLTextAreaElement | null>,
  text: string,
  setText: (text: string) => void,
) {
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);
  /** Where the caret goes once React has written a chosen mention into the field. */
  const caretAfterWrite = useRef<number | null>(null);
  // Before the browser paints and before any next key: a later timer (requestAnimationFrame) could move the caret
  // back behind a letter typed meanwhile.
  useLayoutEffect(() => {
    const next = caretAfterWrite.current;
    if (next === null) return;
    caretAfterWrite.current = null;
    field.current?.setSelectionRange(next, next);
  }, [text, field]);
  const query = caret === null ? null : mentionQueryBefore(text.slice(0, caret));
  const items = useMentionLookup(query);
  useEffect(() => setActive(0), [query]);
  const key = query === null ? null : `${caret}:${query}`;
  const open = query !== null && items.length > 0 && dismissed !== key;

  /** Call on change, select, click and key up: where the caret is now (null when the field lost focus). */
  const track = () => {
    const element = field.current;
    setCaret(element && document.activeElement === element ? element.selectionStart : null);
  };

  const choose = (suggestion: MemberSuggestion) => {
    if (caret === null || query === null) return;
    const start = caret - query.length - 1;
    const inserted = `@${suggestion.nickname} `;
    setText(text.slice(0, start) + inserted + text.slice(caret));
    const next = start + inserted.length;
    setCaret(next);
    caretAfterWrite.current = next;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    const effect = mentionKey(event.key, active, items.length);
    if (!effect) return;
    event.preventDefault();
    if ('move' in effect) setActive(effect.move);
    else if ('choose' in effect) choose(items[effect.choose]!);
    else setDismissed(key);
  };

  return { open, items, active, choose, track, onKeyDown, close: () => setCaret(null) };
}
