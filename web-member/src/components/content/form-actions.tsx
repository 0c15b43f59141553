import { useTranslation } from '@/lib/translator';

/** A form's submit button, held while the form is being sent, and its cancel when the form can be closed. */
export function FormActions({
  submitLabel,
  pending,
  onCancel,
}: {
  submitLabel: string;
  pending: boolean;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="content-form__actions">
      <button type="submit" className="button button--primary" disabled={pending}>
        {submitLabel}
      </button>
      {onCancel ? (
        <button type="button" className="button" onClick={onCancel}>
          {t('forum.cancel')}
        </button>
      ) : null}
    </div>
  );
}
