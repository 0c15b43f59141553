import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { pageFrom } from '@/components/ui/pagination';
import { TopicList } from '@/features/topics/components/topic-list';
import { useAppState } from '@/stores/app-state';

/** `/`: the site title and the newest topics. */
export function Component() {
  const { t } = useTranslation();
  const title = useAppState((state) => state.title);
  const [searchParams] = useSearchParams();
  return (
    <div className="home">
      <h1 className="page-title">{title || t('home.title')}</h1>
      <section aria-labelledby="newest-topics">
        <h2 id="newest-topics" className="section-title">
          {t('home.newestTopics')}
        </h2>
        <TopicList page={pageFrom(searchParams.get('page'))} />
      </section>
    </div>
  );
}
