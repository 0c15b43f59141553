import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Pagination } from '@/components/ui/pagination';
import { formatDateTime } from '@/lib/format-time';
import { useTopics } from '../api/get-topics';

export const HOME_PAGE_SIZE = 20;

/** The newest topics, one page at a time. */
export function TopicList({ page }: { page: number }) {
  const { t, i18n } = useTranslation();
  const topics = useTopics({ page, pageSize: HOME_PAGE_SIZE });

  if (topics.isPending) {
    return (
      <p className="muted" aria-busy="true">
        {t('common.loading')}
      </p>
    );
  }
  if (topics.isError) {
    return (
      <div className="inline-error" role="alert">
        <p>{t('home.loadError')}</p>
        <button type="button" className="button" onClick={() => void topics.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  const { items, totalPages } = topics.data;
  return (
    <>
      {items.length === 0 ? <p className="muted">{t('home.empty')}</p> : null}
      <ul className="topic-list" aria-label={t('home.newestTopics')}>
        {items.map((topic) => (
          <li key={topic.topicId} className="topic-row">
            <h3 className="topic-row__title">
              <Link to={`/thread?topicId=${encodeURIComponent(topic.topicId)}`}>{topic.title}</Link>
            </h3>
            {topic.summary ? <p className="topic-row__summary">{topic.summary}</p> : null}
            <p className="topic-row__meta">
              <time dateTime={topic.postedAt}>
                {t('home.postedAt', { time: formatDateTime(topic.postedAt, i18n.language) })}
              </time>
              <span>{t('home.comments', { value: topic.commentCount })}</span>
              <span>{t('home.likes', { value: topic.likeCount })}</span>
              <span>{t('home.views', { value: topic.viewCount })}</span>
            </p>
          </li>
        ))}
      </ul>
      <Pagination page={page} totalPages={totalPages} />
    </>
  );
}
