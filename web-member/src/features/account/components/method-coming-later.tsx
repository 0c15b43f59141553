import { useTranslation } from 'react-i18next';

/** A login or registration method that is not offered yet. */
export function MethodComingLater({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <div className="coming-soon__status">
      <p className="coming-soon__label">{t('common.comingSoon')}</p>
      <p>{text}</p>
    </div>
  );
}
