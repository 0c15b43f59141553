import { useState } from 'react';
import { useTranslation } from '@/lib/translator';
import { ReactionButton } from '@/components/content/reaction-button';
import { Pagination } from '@/components/ui/pagination';
import { RichContent } from '@/components/ui/rich-content';
import { toast } from '@/components/ui/toast-store';
import { ReportButton } from '@/features/moderation';
import { AuthorName, NAME_SLOT, WithMemberName } from '@/components/member/author-name';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { formatDateTime } from '@/lib/format-time';
import { useAdoptAnswer, useAnswerLike, useQaDelete, useQuestion } from '../api/questions';
import type { AnswerLikeKind } from '../api/questions';
import type { AnswerReplyView, AnswerView, AuthorView, QuestionDetail } from '../api/types';
import { EditedMark } from '@/components/content/revisions';
import { QaEditForm, QaReplyForm } from './qa-content-form';

/** Answers shown per page; the detail answers them all (adopted first), the page is cut here. */
export const ANSWER_PAGE_SIZE = 20;

type Composer =
  | { kind: 'reply'; answerId: string; parentReplyId?: string; name: string }
  | { kind: 'editAnswer'; answerId: string; html: string }
  | { kind: 'editReply'; replyId: string; html: string }
  | null;

const nameOf = (author: AuthorView | null, cancelled: string) =>
  !author || author.cancelled ? cancelled : (author.nickname ?? author.memberId);

/** Like / unlike an answer or a reply, with its count: shown at once, then confirmed by the refreshed question. */
function AnswerLikeButton({
  kind,
  targetId,
  liked,
  count,
}: {
  kind: AnswerLikeKind;
  targetId: string;
  liked: boolean;
  count: number;
}) {
  const mutation = useAnswerLike();
  return (
    <ReactionButton
      reaction="like"
      on={liked}
      count={count}
      pending={mutation.isPending}
      onToggle={(next, settle) =>
        mutation.mutate({ kind, targetId, liked: next }, { onSuccess: (answer) => settle(answer.liked) })
      }
    />
  );
}

/**
 * One page of a question's answers (the adopted one first) with their replies: reply to an answer or a reply,
 * edit / delete one's own (an adopted answer stays as it is), and, for the asker of an open question, adopt.
 */
export function AnswerList({
  questionId,
  page,
  memberId,
}: {
  questionId: string;
  page: number;
  memberId: string | null;
}) {
  const { t, i18n } = useTranslation();
  const question = useQuestion(questionId);
  const [composer, setComposer] = useState<Composer>(null);
  const remove = useQaDelete();
  const adopt = useAdoptAnswer(questionId);
  if (!question.data) return null;
  const data: QuestionDetail = question.data;
  const answers = data.answers.filter((answer) => !answer.deleted);
  const totalPages = Math.max(1, Math.ceil(answers.length / ANSWER_PAGE_SIZE));
  const shown = answers.slice((page - 1) * ANSWER_PAGE_SIZE, page * ANSWER_PAGE_SIZE);
  const asker = memberId !== null && data.asker.memberId === memberId;
  const open = data.adoptedAnswerId === null && !data.resolved;
  const cancelled = t('common.cancelledAccount');
  const time = (iso: string) => formatDateTime(iso, i18n.language);
  const deleteIt = (kind: 'answer' | 'reply', id: string) =>
    remove.mutate({ kind, id }, { onSuccess: () => toast.success(t('forum.deleted')) });

  return (
    <section className="comments answers" aria-label={t('qa.answers', { value: answers.length })}>
      <h2 className="section-title">{t('qa.answers', { value: answers.length })}</h2>
      {answers.length === 0 ? <p className="muted">{t('qa.noAnswers')}</p> : null}
      <ol className="comment-list">
        {shown.map((answer) => {
          const mine = memberId !== null && answer.author.memberId === memberId;
          const adopted = answer.adopted || answer.answerId === data.adoptedAnswerId;
          return (
            <li
              key={answer.answerId}
              id={`answer-${answer.answerId}`}
              className={`comment answer${adopted ? ' answer--adopted' : ''}`}
              aria-label={t('qa.answerBy', { name: nameOf(answer.author, cancelled) })}
            >
              <header className="comment__head">
                <AuthorName author={answer.author} avatar />
                {adopted ? <span className="adopted-badge">{t('qa.adopted')}</span> : null}
                <time dateTime={answer.postedAt}>{time(answer.postedAt)}</time>
                {answer.editedAt ? (
                  <EditedMark
                    target={{ kind: 'answer', id: answer.answerId }}
                    label={t('forum.edited', { time: time(answer.editedAt) })}
                  />
                ) : null}
              </header>
              {composer?.kind === 'editAnswer' && composer.answerId === answer.answerId ? (
                <QaEditForm
                  target={{ kind: 'editAnswer', answerId: answer.answerId }}
                  label={t('qa.answerLabel')}
                  html={composer.html}
                  onClose={() => setComposer(null)}
                />
              ) : (
                <RichContent html={answer.content} className="comment__content" />
              )}
              <div className="comment__actions">
                <AnswerLikeButton
                  kind="answer"
                  targetId={answer.answerId}
                  liked={answer.liked}
                  count={answer.likeCount}
                />
                {memberId ? (
                  <button
                    type="button"
                    className="button button--small"
                    onClick={() =>
                      setComposer({ kind: 'reply', answerId: answer.answerId, name: nameOf(answer.author, cancelled) })
                    }
                  >
                    {t('forum.reply')}
                  </button>
                ) : null}
                {asker && open && !mine ? (
                  <ConfirmButton
                    label={t('qa.adopt')}
                    question={t('qa.confirmAdopt', { name: nameOf(answer.author, cancelled) })}
                    disabled={adopt.isPending}
                    className="button button--small button--primary"
                    onConfirm={() =>
                      adopt.mutate(answer.answerId, { onSuccess: () => toast.success(t('qa.adoptedDone')) })
                    }
                  />
                ) : null}
                {mine && !adopted ? (
                  <button
                    type="button"
                    className="button button--small"
                    onClick={() => setComposer({ kind: 'editAnswer', answerId: answer.answerId, html: answer.content })}
                  >
                    {t('forum.edit')}
                  </button>
                ) : null}
                {mine ? (
                  <ConfirmButton
                    label={t('forum.delete')}
                    question={t('forum.confirmDelete')}
                    onConfirm={() => deleteIt('answer', answer.answerId)}
                  />
                ) : (
                  <ReportButton kind="answer" contentId={answer.answerId} />
                )}
              </div>
              <Replies
                answer={answer}
                memberId={memberId}
                composer={composer}
                setComposer={setComposer}
                onDelete={(replyId) => deleteIt('reply', replyId)}
              />
              {composer?.kind === 'reply' && composer.answerId === answer.answerId ? (
                <QaReplyForm
                  target={{ kind: 'reply', answerId: answer.answerId, parentReplyId: composer.parentReplyId }}
                  name={composer.name}
                  onClose={() => setComposer(null)}
                />
              ) : null}
            </li>
          );
        })}
      </ol>
      <Pagination page={page} totalPages={totalPages} />
    </section>
  );
}

function Replies({
  answer,
  memberId,
  composer,
  setComposer,
  onDelete,
}: {
  answer: AnswerView;
  memberId: string | null;
  composer: Composer;
  setComposer: (composer: Composer) => void;
  onDelete: (replyId: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const replies = answer.replies.filter((reply) => !reply.deleted);
  const byId = new Map<string, AnswerReplyView>(answer.replies.map((reply) => [reply.replyId, reply]));
  const cancelled = t('common.cancelledAccount');
  if (!replies.length) return null;
  return (
    <div className="replies">
      <ul className="reply-list" aria-label={t('qa.repliesOf', { value: replies.length })}>
        {replies.map((reply) => {
          const mine = memberId !== null && reply.author.memberId === memberId;
          const parent = reply.parentReplyId ? byId.get(reply.parentReplyId) : undefined;
          return (
            <li key={reply.replyId} className="reply" id={`answer-reply-${reply.replyId}`}>
              <p className="reply__head">
                <AuthorName author={reply.author} avatar />
                {parent ? (
                  <span className="muted">
                    {' '}
                    <WithMemberName
                      text={t('forum.repliedTo', { name: NAME_SLOT })}
                      name={<AuthorName author={parent.author} />}
                    />
                  </span>
                ) : null}
                <time dateTime={reply.postedAt}> {formatDateTime(reply.postedAt, i18n.language)}</time>
              </p>
              {composer?.kind === 'editReply' && composer.replyId === reply.replyId ? (
                <QaEditForm
                  target={{ kind: 'editReply', replyId: reply.replyId }}
                  label={t('forum.replyLabel')}
                  html={composer.html}
                  onClose={() => setComposer(null)}
                />
              ) : (
                <RichContent html={reply.content} className="reply__content" />
              )}
              <div className="comment__actions">
                <AnswerLikeButton
                  kind="answerReply"
                  targetId={reply.replyId}
                  liked={reply.liked}
                  count={reply.likeCount}
                />
                {memberId ? (
                  <button
                    type="button"
                    className="button button--small"
                    onClick={() =>
                      setComposer({
                        kind: 'reply',
                        answerId: answer.answerId,
                        parentReplyId: reply.replyId,
                        name: nameOf(reply.author, cancelled),
                      })
                    }
                  >
                    {t('forum.reply')}
                  </button>
                ) : null}
                {mine ? (
                  <>
                    <button
                      type="button"
                      className="button button--small"
                      onClick={() => setComposer({ kind: 'editReply', replyId: reply.replyId, html: reply.content })}
                    >
                      {t('forum.edit')}
                    </button>
                    <ConfirmButton
                      label={t('forum.delete')}
                      question={t('forum.confirmDelete')}
                      onConfirm={() => onDelete(reply.replyId)}
                    />
                  </>
                ) : (
                  <ReportButton kind="answerReply" contentId={reply.replyId} />
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
