import '@/styles/forum.css';
import '../questions.css';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '@/lib/translator';
import { Link, useNavigate } from '@/lib/router';
import { ReactionButton } from '@/components/content/reaction-button';
import { RichContent } from '@/components/ui/rich-content';
import { toast } from '@/components/ui/toast-store';
import { ReportButton } from '@/features/moderation';
import { AuthorName } from '@/components/member/author-name';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { ApiError } from '@/lib/api/api-error';
import { formatDateTime } from '@/lib/format-time';
import { useFeatureSwitch } from '@/stores/app-state';
import { useQaDelete, useQuestion, useQuestionMark, useSimilarQuestions } from '../api/questions';
import type { QuestionDetail } from '../api/types';
import { BountyBadges, ResolvedFlag } from './bounty-badges';
import { EditedMark } from '@/components/content/revisions';
import { QaContentForm } from './qa-content-form';
import { questionHref } from './question-list';

// The editor (TipTap) is loaded only when the asker opens the edit form.
const QuestionForm = lazy(() => import('./question-form').then((module) => ({ default: module.QuestionForm })));

/** The question itself: title, state, bounty, asker, tags, content, addenda, like / favourite, the asker's tools. */
export function QuestionView({ questionId, memberId }: { questionId: string; memberId: string | null }) {
  const { t, i18n } = useTranslation();
  const question = useQuestion(questionId);
  const [editing, setEditing] = useState(false);
  if (question.isPending) return <p className="muted">{t('common.loading')}</p>;
  if (question.isError) {
    const missing = question.error instanceof ApiError && question.error.status === 404;
    return (
      <div className="inline-error" role="alert">
        <p>{missing ? t('qa.notFound') : t('qa.loadError')}</p>
        {missing ? null : (
          <button type="button" className="button" onClick={() => void question.refetch()}>
            {t('common.retry')}
          </button>
        )}
      </div>
    );
  }
  const data = question.data;
  const time = (iso: string) => formatDateTime(iso, i18n.language);
  const mine = memberId !== null && data.asker.memberId === memberId;
  return (
    <article className="topic question" aria-labelledby="question-title">
      <h1 id="question-title" className="page-title">
        <ResolvedFlag resolved={data.resolved} />
        {data.title}
        <BountyBadges question={data} />
      </h1>
      <p className="topic__meta">
        <AuthorName author={data.asker} avatar />
        {data.tags.map((tag) => (
          <Link key={tag.tagId} className="tag-chip" to={`/askList?tagId=${encodeURIComponent(tag.tagId)}`}>
            {tag.name}
          </Link>
        ))}
        <time dateTime={data.askedAt}>{t('qa.askedAt', { time: time(data.askedAt) })}</time>
        {data.editedAt ? (
          <EditedMark
            target={{ kind: 'question', id: questionId }}
            label={t('forum.edited', { time: time(data.editedAt) })}
          />
        ) : null}
        <span>{t('forum.readCount', { value: data.readCount })}</span>
        <span>{t('qa.answerCount', { value: data.answerCount })}</span>
      </p>
      {editing ? (
        <Suspense fallback={<p className="muted">{t('common.loading')}</p>}>
          <QuestionForm
            questionId={questionId}
            initial={{ title: data.title, content: data.content, tagIds: data.tags.map((tag) => tag.tagId) }}
            onDone={() => setEditing(false)}
            onCancel={() => setEditing(false)}
          />
        </Suspense>
      ) : (
        <RichContent html={data.content} className="topic__content" />
      )}
      <Addenda question={data} />
      <div className="topic__actions">
        <MarkButton questionId={questionId} mark="like" on={data.liked} count={data.likeCount} />
        <MarkButton questionId={questionId} mark="favourite" on={data.favourited} count={data.favouriteCount} />
        {mine && !editing ? <AskerTools question={data} onEdit={() => setEditing(true)} /> : null}
        {mine ? null : <ReportButton kind="question" contentId={questionId} />}
      </div>
    </article>
  );
}

function Addenda({ question }: { question: QuestionDetail }) {
  const { t, i18n } = useTranslation();
  if (!question.addenda.length) return null;
  return (
    <section className="addenda" aria-label={t('qa.addenda')}>
      <h2 className="section-title">{t('qa.addenda')}</h2>
      <ol>
        {question.addenda.map((addendum) => (
          <li key={addendum.addendumId}>
            <time dateTime={addendum.appendedAt} className="muted">
              {t('qa.appendedAt', { time: formatDateTime(addendum.appendedAt, i18n.language) })}
            </time>
            <RichContent html={addendum.content} />
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Edit, add to and delete one's own question (deleting one with an unawarded bounty gives it back). */
function AskerTools({ question, onEdit }: { question: QuestionDetail; onEdit: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useQaDelete();
  const addenda = useFeatureSwitch('questionAddenda');
  const [adding, setAdding] = useState(false);
  return (
    <>
      <button type="button" className="button button--small" onClick={onEdit}>
        {t('forum.edit')}
      </button>
      {addenda.enabled ? (
        <button type="button" className="button button--small" onClick={() => setAdding(true)} disabled={adding}>
          {t('qa.addAddendum')}
        </button>
      ) : null}
      <ConfirmButton
        label={t('forum.delete')}
        question={question.bounty?.status === 'held' ? t('qa.confirmDeleteWithBounty') : t('qa.confirmDelete')}
        onConfirm={() =>
          remove.mutate(
            { kind: 'question', id: question.questionId },
            {
              onSuccess: () => {
                toast.success(t('qa.deleted'));
                void navigate('/askList');
              },
            },
          )
        }
      />
      {adding ? (
        <div className="addendum-composer">
          <QaContentForm
            target={{ kind: 'addendum', questionId: question.questionId }}
            label={t('qa.addendumLabel')}
            submitLabel={t('qa.postAddendum')}
            successMessage={t('qa.addendumPosted')}
            onDone={() => setAdding(false)}
            onCancel={() => setAdding(false)}
          />
        </div>
      ) : null}
    </>
  );
}

/** Like or favourite the question; the server answers the new state, the count follows it here. */
function MarkButton({
  questionId,
  mark,
  on,
  count,
}: {
  questionId: string;
  mark: 'like' | 'favourite';
  on: boolean;
  count: number;
}) {
  const mutation = useQuestionMark(questionId, mark);
  return (
    <ReactionButton
      reaction={mark}
      on={on}
      count={count}
      pending={mutation.isPending}
      onToggle={(next, settle) =>
        mutation.mutate(next, {
          onSuccess: (answer) => settle((mark === 'like' ? answer.liked : answer.favourited) ?? next),
        })
      }
    />
  );
}

export function SimilarQuestions({ questionId }: { questionId: string }) {
  const { t } = useTranslation();
  const similar = useSimilarQuestions(questionId);
  const items = similar.data?.items ?? [];
  if (!items.length) return null;
  return (
    <aside className="similar" aria-label={t('qa.similar')}>
      <h2 className="section-title">{t('qa.similar')}</h2>
      <ul>
        {items.map((item) => (
          <li key={item.questionId}>
            <Link to={questionHref(item.questionId)}>{item.title}</Link> <BountyBadges question={item} />
          </li>
        ))}
      </ul>
    </aside>
  );
}
