import { useTranslation } from '@/lib/translator';
import { TopicForm } from '@/features/topics/components/topic-form';

/** `/addTopic`: post a topic with the rich editor (loaded with this screen only). */
export function Component() {
  const { t } = useTranslation();
  return (
    <section className="topic-editor-screen">
      <h1 className="page-title">{t('forum.editor.addTitle')}</h1>
      <TopicForm />
    </section>
  );
}
