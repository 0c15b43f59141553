import type { Editor } from '@tiptap/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MemberSuggestion } from '@/lib/api/member-lookup';
import { mentionKey, useMentionLookup } from './mention-suggestions';
import { mentionQueryBefore } from './mention-query';

interface TypedMention {
  query: string;
  from: number;
  to: number;
}

function typedMention(editor: Editor): TypedMention | null {
  const { selection } = editor.state;
  if (!selection.empty) return null;
  const { $from } = selection;
  if (!$from.parent.isTextblock || $from.parent.type.spec.code) return null;
  const before = $from.parent.textBetween(0, $from.parentOffset, undefined, '\ufffc');
  const query = mentionQueryBefore(before);
  if (query === null) return null;
  return { query, from: $from.pos - query.length - 1, to: $from.pos };
}

/**
 * `@` mention autocomplete for the TipTap editor: while the cursor follows `@name`, a list of members whose
 * nickname starts with `name` (the server's lookup); arrow keys move, Enter/Tab or a click inserts
 * `@nickname `, Escape closes. Whether the member exists is still the server's answer when saving.
 */
export function useMentionSuggest(editor: Editor | null) {
  const [typed, setTyped] = useState<TypedMention | null>(null);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);

  useEffect(() => {
    if (!editor) return;
    const update = () => setTyped(typedMention(editor));
    editor.on('update', update);
    editor.on('selectionUpdate', update);
    return () => {
      editor.off('update', update);
      editor.off('selectionUpdate', update);
    };
  }, [editor]);

  const query = typed?.query ?? null;
  const items = useMentionLookup(query);
  useEffect(() => setActive(0), [query]);
  const key = typed ? `${typed.from}:${typed.query}` : null;
  const open = typed !== null && items.length > 0 && dismissed !== key;

  const choose = useCallback(
    (suggestion: MemberSuggestion) => {
      if (!editor || !typed) return;
      editor.chain().focus().insertContentAt({ from: typed.from, to: typed.to }, `@${suggestion.nickname} `).run();
    },
    [editor, typed],
  );

  /** For the editor's key handler: true when the key drove the list. */
  const state = useRef({ open, items, active, choose, key });
  state.current = { open, items, active, choose, key };
  const onKeyDown = useCallback((event: KeyboardEvent): boolean => {
    const current = state.current;
    if (!current.open) return false;
    const effect = mentionKey(event.key, current.active, current.items.length);
    if (!effect) return false;
    if ('move' in effect) setActive(effect.move);
    else if ('choose' in effect) current.choose(current.items[effect.choose]!);
    else setDismissed(current.key);
    return true;
  }, []);

  return { open, items, active, choose, onKeyDown };
}
