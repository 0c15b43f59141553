import { useState } from 'react';
import { useTranslation } from '@/lib/translator';

/** A button that asks before acting: the question and "confirm / cancel" appear in place. */
export function ConfirmButton({
  label,
  question,
  confirmLabel = label,
  onConfirm,
  disabled,
  className = 'button button--small',
}: {
  label: string;
  question: string;
  confirmLabel?: string;
  onConfirm: () => void;
  disabled?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button type="button" className={className} disabled={disabled} onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  return (
    <span className="confirm" role="group" aria-label={question}>
      <span className="confirm__question">{question}</span>
      <button
        type="button"
        className="button button--small button--primary"
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {confirmLabel}
      </button>
      <button type="button" className="button button--small" onClick={() => setAsking(false)}>
        {t('forum.cancel')}
      </button>
    </span>
  );
}
