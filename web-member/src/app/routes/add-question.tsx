import { useTranslation } from '@/lib/translator';
import { QuestionForm } from '@/features/questions/components/question-form';

/** `/addQuestion`: ask with the rich editor (loaded with this screen only), tags and an optional bounty. */
export function Component() {
  const { t } = useTranslation();
  return (
    <section className="topic-editor-screen">
      <h1 className="page-title">{t('screens.addQuestion')}</h1>
      <QuestionForm />
    </section>
  );
}
