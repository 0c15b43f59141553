import { useTranslation } from '@/lib/translator';
import { Link, useSearchParams } from '@/lib/router';
import { pageFrom } from '@/components/ui/pagination';
import { filterFrom, TopicFilters } from '@/features/topics/components/topic-filters';
import { TopicList } from '@/features/topics/components/topic-list';
import { useAppState } from '@/stores/app-state';

/** `/?filter=all|essence|hot&tagId=&page=`: the site title and the topics (pinned first). */
export function Component() {
  const { t } = useTranslation();
  const title = useAppState((state) => state.title);
  const [searchParams] = useSearchParams();
  return (
    <div className="home">
      <h1 className="page-title">{title || t('home.title')}</h1>
      <p className="home__actions">
        <Link className="button button--primary" to="/addTopic">
          {t('forum.editor.addTitle')}
        </Link>
      </p>
      <section aria-labelledby="newest-topics">
        <h2 id="newest-topics" className="section-title">
          {t('home.newestTopics')}
        </h2>
        <TopicFilters />
        <TopicList
          page={pageFrom(searchParams.get('page'))}
          filter={filterFrom(searchParams.get('filter'))}
          tagId={searchParams.get('tagId') ?? undefined}
        />
      </section>
    </div>
  );
}
