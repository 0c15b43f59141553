import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/translator';
import { Link, useLocation, useSearchParams } from '@/lib/router';
import { pageFrom } from '@/components/ui/pagination';
import { CommentList } from '@/features/topics/components/comment-list';
import { ContentForm } from '@/features/topics/components/content-form-lazy';
import { PollCard } from '@/features/polls';
import { SimilarTopics, TopicView } from '@/features/topics/components/topic-detail';
import { getCommentPosition } from '@/features/topics/api/comments';
import { useThreadPage } from '@/features/topics/api/thread-page';
import type { CommentView } from '@/features/topics/api/types';
import { encodeLocation } from '@/lib/route-codec';
import { useAppState } from '@/stores/app-state';

/** `/thread?topicId=&page=&commentId=`: the topic, its comments (a `commentId` opens its page) and forms. */
export function Component() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const topicId = searchParams.get('topicId') ?? '';
  const commentId = searchParams.get('commentId');
  const page = pageFrom(searchParams.get('page'));
  const memberId = useAppState((state) => state.systemUser?.id ?? null);
  const denied = useAppState((state) => !state.topicDetailPermission);
  const [quote, setQuote] = useState<CommentView | null>(null);
  const formRef = useRef<HTMLDivElement>(null);
  // The first paint of a topic comes in one request; later pages are the comment list's own.
  const first = useRef({ topicId, page });
  if (first.current.topicId !== topicId) first.current = { topicId, page };
  const firstPaint = useThreadPage(topicId, first.current.page, !!topicId && !denied);

  // A `commentId` link: find the comment's page, then show that page (the list scrolls to it).
  useEffect(() => {
    if (!commentId || searchParams.get('page')) return;
    let current = true;
    getCommentPosition(commentId)
      .then((position) => {
        if (!current || position.page <= 1) return;
        const next = new URLSearchParams(searchParams);
        next.set('page', String(position.page));
        setSearchParams(next, { replace: true });
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [commentId, searchParams, setSearchParams]);

  if (denied) {
    return (
      <section className="coming-soon">
        <h1>{t('screens.topicDetail')}</h1>
        <p role="alert">{t('screens.topicDenied')}</p>
      </section>
    );
  }
  if (!topicId) return <p role="alert">{t('forum.notFound')}</p>;

  const loginHref = `/login?jumpUrl=${encodeLocation(`${location.pathname}${location.search}`)}`;
  const quoteName = quote
    ? quote.author.cancelled
      ? t('common.cancelledAccount')
      : (quote.author.nickname ?? quote.author.memberId)
    : '';

  return (
    <div className="thread">
      {firstPaint.isPending ? (
        <p className="muted">{t('common.loading')}</p>
      ) : (
        <>
          <TopicView topicId={topicId} memberId={memberId} />
          <PollCard topicId={topicId} memberId={memberId} />
          <CommentList
            topicId={topicId}
            page={page}
            memberId={memberId}
            focusCommentId={commentId}
            onQuote={(comment) => {
              setQuote(comment);
              formRef.current?.scrollIntoView?.({ block: 'center' });
              formRef.current?.querySelector('textarea')?.focus();
            }}
          />
        </>
      )}
      <div ref={formRef} className="comment-composer">
        <h2 className="section-title">{t('forum.writeComment')}</h2>
        {memberId ? (
          <>
            {quote ? (
              <p className="quoting">
                {t('forum.quoting', { name: quoteName })}{' '}
                <button type="button" className="button button--small" onClick={() => setQuote(null)}>
                  {t('forum.cancel')}
                </button>
              </p>
            ) : null}
            <ContentForm
              key={quote?.commentId ?? 'plain'}
              target={{ kind: 'comment', topicId, quoteCommentId: quote?.commentId }}
              draftKey={`comment:${topicId}`}
              label={t('forum.commentLabel')}
              submitLabel={t('forum.postComment')}
              successMessage={t('forum.commentPosted')}
              onDone={() => setQuote(null)}
            />
          </>
        ) : (
          <p>
            {t('forum.loginToComment')} <Link to={loginHref}>{t('forum.login')}</Link>
          </p>
        )}
      </div>
      <SimilarTopics topicId={topicId} />
    </div>
  );
}
