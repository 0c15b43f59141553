import '@/styles/forum.css';
import '../questions.css';
import { useTranslation } from '@/lib/translator';
import { Link } from '@/lib/router';
import { Pagination } from '@/components/ui/pagination';
import { AuthorName } from '@/components/member/author-name';
import { formatDateTime } from '@/lib/format-time';
import { useQuestions } from '../api/questions';
import type { QuestionFilter } from '../api/types';
import { BountyBadges, ResolvedFlag } from './bounty-badges';

export const questionHref = (questionId: string) => `/question?questionId=${encodeURIComponent(questionId)}`;

/** A page of questions of one filter (and tag) with their bounties, state and counts. */
export function QuestionList({ page, filter, tagId }: { page: number; filter: QuestionFilter; tagId?: string }) {
  const { t, i18n } = useTranslation();
  const questions = useQuestions({ page, filter, tagId });

  if (questions.isPending) {
    return (
      <p className="muted" aria-busy="true">
        {t('common.loading')}
      </p>
    );
  }
  if (questions.isError) {
    return (
      <div className="inline-error" role="alert">
        <p>{t('qa.loadError')}</p>
        <button type="button" className="button" onClick={() => void questions.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  const { items, totalPages } = questions.data;
  return (
    <>
      {items.length === 0 ? <p className="muted">{t('qa.empty')}</p> : null}
      <ul className="topic-list" aria-label={t('qa.listLabel')}>
        {items.map((question) => (
          <li key={question.questionId} className="topic-row question-row">
            <h3 className="topic-row__title">
              <ResolvedFlag resolved={question.resolved} />
              <Link to={questionHref(question.questionId)}>{question.title}</Link>
              <BountyBadges question={question} />
            </h3>
            {question.summary ? <p className="topic-row__summary">{question.summary}</p> : null}
            <p className="topic-row__meta">
              <AuthorName author={question.asker} avatar />
              {question.tags.map((tag) => (
                <Link key={tag.tagId} className="tag-chip" to={`/askList?tagId=${encodeURIComponent(tag.tagId)}`}>
                  {tag.name}
                </Link>
              ))}
              <time dateTime={question.askedAt}>
                {t('qa.askedAt', { time: formatDateTime(question.askedAt, i18n.language) })}
              </time>
              <span>{t('qa.answerCount', { value: question.answerCount })}</span>
              <span>{t('forum.readCount', { value: question.readCount })}</span>
              <span>{t('home.likes', { value: question.likeCount })}</span>
              <span>{t('forum.favorites', { value: question.favouriteCount })}</span>
            </p>
          </li>
        ))}
      </ul>
      <Pagination page={page} totalPages={totalPages} />
    </>
  );
}
