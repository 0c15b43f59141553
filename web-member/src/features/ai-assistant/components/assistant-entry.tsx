import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAssistantStatus } from '../api/assistant';

const AssistantDialog = lazy(() =>
  import('./assistant-dialog').then((module) => ({ default: module.AssistantDialog })),
);

/**
 * The header's entry to the AI assistant, for signed-in readers while the switch is on; a member without the
 * permission still sees it and is told why it does not answer (spec: "a permission message is shown").
 */
export function AssistantEntry() {
  const { t } = useTranslation();
  const status = useAssistantStatus(true);
  const [open, setOpen] = useState(false);
  if (!status.data?.enabled) return null;
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
