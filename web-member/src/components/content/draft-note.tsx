import { useTranslation } from '@/lib/translator';
import { formatDateTime } from '@/lib/format-time';
import type { DraftControl } from '@/hooks/use-draft';

/** "Draft restored (saved …) · Discard" above an editor that found the member's draft (`useDraft`). */
export function DraftNote({ draft, onDiscard }: { draft: DraftControl; onDiscard: () => void }) {
  const { t, i18n } = useTranslation();
  if (!draft.restored) return null;
  const at = draft.restored.updatedAt;
  return (
    <p className="draft-note" role="status">
      {t('drafts.restored')}{' '}
      <time className="muted" dateTime={at}>
        ({t('drafts.savedAt', { time: formatDateTime(at, i18n.language) })})
      </time>{' '}
      ·{' '}
      <button
        type="button"
        className="button button--small draft-note__discard"
        onClick={() => {
          draft.discard();
          onDiscard();
        }}
      >
        {t('drafts.discard')}
      </button>
    </p>
  );
}
