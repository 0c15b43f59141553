import { useTranslation } from '@/lib/translator';
import { Link, useNavigate } from '@/lib/router';
import { toast } from '@/components/ui/toast-store';
import { EnvelopeCard } from '@/features/wallet';
import { ApiError } from '@/lib/api/api-error';
import { formatDateTime } from '@/lib/format-time';
import { useDeleteTopic, useSimilarTopics, useTopic } from '../api/topic';
import type { TopicDetail } from '../api/types';
import { AuthorName } from '@/components/member/author-name';
import { EditedMark } from '@/components/content/revisions';
import { ReportButton } from '@/features/moderation';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { HiddenIcons } from './hidden-icons';
import { FavouriteButton, LikeButton } from './reaction-buttons';
import { TopicContent } from './topic-content';
import { topicHref } from './topic-href';

/** The topic itself: title, author, counts, content with its hidden blocks, like / favourite, edit / delete. */
export function TopicView({ topicId, memberId }: { topicId: string; memberId: string | null }) {
  const { t, i18n } = useTranslation();
  const topic = useTopic(topicId);
  if (topic.isPending) return <p className="muted">{t('common.loading')}</p>;
  if (topic.isError) {
    const missing = topic.error instanceof ApiError && topic.error.status === 404;
    return (
      <div className="inline-error" role="alert">
        <p>{missing ? t('forum.notFound') : t('forum.loadError')}</p>
        {missing ? null : (
          <button type="button" className="button" onClick={() => void topic.refetch()}>
            {t('common.retry')}
          </button>
        )}
      </div>
    );
  }
  const data = topic.data;
  const time = (iso: string) => formatDateTime(iso, i18n.language);
  const extra = data as TopicDetail & { likedByMe?: boolean; favouritedByMe?: boolean };
  return (
    <article className="topic" aria-labelledby="topic-title">
      <h1 id="topic-title" className="page-title">
        {data.pinned ? <span className="topic-flag topic-flag--pinned">{t('forum.pinned')}</span> : null}
        {data.essence ? <span className="topic-flag topic-flag--essence">{t('forum.essence')}</span> : null}
        {data.title}
        <HiddenIcons map={data.hideTagTypeMap ?? {}} />
      </h1>
      <p className="topic__meta">
        <AuthorName author={data.author} isStaff={data.isStaff} avatar />
        {(data.tags ?? []).map((tag) => (
          <Link key={tag.tagId} className="tag-chip" to={`/?tagId=${encodeURIComponent(tag.tagId)}`}>
            {tag.name}
          </Link>
        ))}
        <time dateTime={data.postedAt}>{t('home.postedAt', { time: time(data.postedAt) })}</time>
        {data.editedAt ? (
          <EditedMark
            target={{ kind: 'topic', id: topicId }}
            label={t('forum.edited', { time: time(data.editedAt) })}
          />
        ) : null}
        <span>{t('forum.readCount', { value: data.readCount })}</span>
        <span>{t('forum.ipLocation', { value: data.ipLocation ?? t('forum.unknownLocation') })}</span>
      </p>
      <TopicContent topicId={topicId} html={data.content} blocks={data.hiddenBlocks ?? []} loggedIn={!!memberId} />
      {data.redEnvelopeId ? <EnvelopeCard envelopeId={data.redEnvelopeId} memberId={memberId} /> : null}
      <div className="topic__actions">
        <LikeButton kind="topic" id={topicId} liked={extra.likedByMe ?? false} count={data.likeCount} />
        <FavouriteButton topicId={topicId} favourited={extra.favouritedByMe ?? false} count={data.favoriteCount} />
        {data.canEdit ? <TopicOwnerActions topicId={topicId} /> : null}
        {data.canEdit ? null : <ReportButton kind="topic" contentId={topicId} />}
      </div>
    </article>
  );
}

function TopicOwnerActions({ topicId }: { topicId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteTopic(topicId);
  return (
    <>
      <Link className="button button--small" to={`/user/editTopic?topicId=${encodeURIComponent(topicId)}`}>
        {t('forum.edit')}
      </Link>
      <ConfirmButton
        label={t('forum.delete')}
        question={t('forum.confirmDeleteTopic')}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              toast.success(t('forum.topicDeleted'));
              void navigate('/');
            },
          })
        }
      />
    </>
  );
}

export function SimilarTopics({ topicId }: { topicId: string }) {
  const { t } = useTranslation();
  const similar = useSimilarTopics(topicId);
  const items = similar.data?.items ?? [];
  if (!items.length) return null;
  return (
    <aside className="similar" aria-label={t('forum.similar')}>
      <h2 className="section-title">{t('forum.similar')}</h2>
      <ul>
        {items.map((item) => (
          <li key={item.topicId}>
            <Link to={topicHref(item.topicId)}>{item.title}</Link>
          </li>
        ))}
      </ul>
    </aside>
  );
}
