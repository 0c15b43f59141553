import { useTranslation } from '@/lib/translator';
import { useSearchParams } from '@/lib/router';
import { useTopic } from '@/features/topics/api/topic';
import { TopicForm } from '@/features/topics/components/topic-form';

/** `/user/editTopic?topicId=`: the author's topic in the editor (the author receives the stored HTML). */
export function Component() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const topicId = searchParams.get('topicId') ?? '';
  const topic = useTopic(topicId);
  return (
    <section className="topic-editor-screen">
      <h1 className="page-title">{t('forum.editor.editTitle')}</h1>
      {topic.isPending ? <p className="muted">{t('common.loading')}</p> : null}
      {topic.isError ? <p role="alert">{t('forum.loadError')}</p> : null}
      {topic.data && !topic.data.canEdit ? <p role="alert">{t('forum.editor.notAllowed')}</p> : null}
      {topic.data?.canEdit ? (
        <TopicForm
          topicId={topicId}
          initial={{ title: topic.data.title, content: topic.data.content, tagIds: topic.data.tagIds }}
        />
      ) : null}
    </section>
  );
}
