import { lazy, Suspense, useState } from 'react';
import { useTranslation, withEveryText } from '@/lib/translator';
import { useAssistantStatus } from '../api/assistant-status';

const AssistantDialog = lazy(
  withEveryText(() => import('./assistant-dialog').then((module) => ({ default: module.AssistantDialog }))),
);

/**
 * The header's entry to the AI assistant, for signed-in readers. It stays while staff switch the assistant off or
 * the member lacks the permission: opening it then shows why (the staff's message, or the permission message).
 */
export function AssistantEntry() {
  const { t } = useTranslation();
  const status = useAssistantStatus(true);
  const [open, setOpen] = useState(false);
  if (!status.data) return null;
  return (
    <>
      <button type="button" className="button assistant-entry" onClick={() => setOpen(true)}>
        {t('assistant.open')}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <AssistantDialog status={status.data} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
