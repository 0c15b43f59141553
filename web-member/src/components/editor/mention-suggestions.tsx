import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/translator';
import { lookupMembers, type MemberSuggestion } from '@/lib/api/member-lookup';

/** Wait for a pause in typing before asking the server (it rate-limits the lookup). */
export const MENTION_DEBOUNCE_MS = 200;

/** The members whose nickname starts with `query` (null: nothing is being typed), debounced. */
export function useMentionLookup(query: string | null): MemberSuggestion[] {
  const [items, setItems] = useState<MemberSuggestion[]>([]);
  useEffect(() => {
    if (query === null) return setItems([]);
    const controller = new AbortController();
    const timer = setTimeout(() => {
      lookupMembers(query, controller.signal).then(
        (found) => {
          if (!controller.signal.aborted) setItems(found);
        },
        () => {
          if (!controller.signal.aborted) setItems([]);
        },
      );
    }, MENTION_DEBOUNCE_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [query]);
  return items;
}

/** Arrow keys for a suggestion list; returns the key's effect, or null when the list does not use the key. */
export function mentionKey(
  key: string,
  active: number,
  count: number,
): { move: number } | { choose: number } | { close: true } | null {
  if (key === 'ArrowDown') return { move: (active + 1) % count };
  if (key === 'ArrowUp') return { move: (active - 1 + count) % count };
  if (key === 'Enter' || key === 'Tab') return { choose: active };
  if (key === 'Escape') return { close: true };
  return null;
}

export function MentionList({
  items,
  active,
  onChoose,
}: {
  items: MemberSuggestion[];
  active: number;
  onChoose: (suggestion: MemberSuggestion) => void;
}) {
  const { t } = useTranslation();
  return (
    <ul className="mention-list" role="listbox" aria-label={t('forum.editor.mentionSuggestions')}>
      {items.map((item, index) => (
        <li
          key={item.memberId}
          role="option"
          aria-selected={index === active}
          className={`mention-list__item${index === active ? ' mention-list__item--active' : ''}`}
          // Keep the field's focus and cursor: choose on mouse down, before the field blurs.
          onMouseDown={(event) => {
            event.preventDefault();
            onChoose(item);
          }}
        >
          {item.avatarUrl ? <img src={item.avatarUrl} alt="" width={20} height={20} /> : null}
          <span>@{item.nickname}</span>
        </li>
      ))}
    </ul>
  );
}
