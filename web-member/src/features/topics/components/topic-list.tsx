import '@/styles/forum.css';
import { useTranslation } from '@/lib/translator';
import { Link } from '@/lib/router';
import { Pagination } from '@/components/ui/pagination';
import { formatDateTime } from '@/lib/format-time';
import { useTopics, type TopicFilter } from '../api/get-topics';
import { AuthorName } from '@/components/member/author-name';
import { HiddenIcons } from './hidden-icons';
import { topicHref } from './topic-href';

export const HOME_PAGE_SIZE = 20;

/** A page of topics (pinned first, as the server orders them) with their counts and hidden-content icons. */
export function TopicList({ page, filter = 'all', tagId }: { page: number; filter?: TopicFilter; tagId?: string }) {
  const { t, i18n } = useTranslation();
  const topics = useTopics({ page, pageSize: HOME_PAGE_SIZE, filter, tagId });

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
          <li key={topic.topicId} className={`topic-row${topic.pinned ? ' topic-row--pinned' : ''}`}>
            <h3 className="topic-row__title">
              {topic.pinned ? <span className="topic-flag topic-flag--pinned">{t('forum.pinned')}</span> : null}
              {topic.essence ? <span className="topic-flag topic-flag--essence">{t('forum.essence')}</span> : null}
              <Link to={topicHref(topic.topicId)}>{topic.title}</Link>
              <HiddenIcons map={topic.hideTagTypeMap ?? {}} />
            </h3>
            {topic.summary ? <p className="topic-row__summary">{topic.summary}</p> : null}
            <p className="topic-row__meta">
              <AuthorName author={topic.author} isStaff={topic.isStaff} avatar />
              {(topic.tags ?? []).map((tag) => (
                <Link key={tag.tagId} className="tag-chip" to={`/?tagId=${encodeURIComponent(tag.tagId)}`}>
                  {tag.name}
                </Link>
              ))}
              <time dateTime={topic.postedAt}>
                {t('home.postedAt', { time: formatDateTime(topic.postedAt, i18n.language) })}
              </time>
              <span>{t('forum.readCount', { value: topic.readCount ?? topic.viewCount })}</span>
              <span>{t('home.comments', { value: topic.commentCount })}</span>
              <span>{t('home.likes', { value: topic.likeCount })}</span>
              <span>{t('forum.favorites', { value: topic.favoriteCount ?? 0 })}</span>
            </p>
          </li>
        ))}
      </ul>
      <Pagination page={page} totalPages={totalPages} />
    </>
  );
}
