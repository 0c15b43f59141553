import { useTranslation } from '@/lib/translator';
import { Link, useSearchParams } from '@/lib/router';
import { pageFrom } from '@/components/ui/pagination';
import { usePagedQaList } from '@/features/questions/api/questions';
import type { AnswerReplyView, AnswerView, QuestionFavouriterRow, QuestionRow } from '@/features/questions/api/types';
import { BountyBadges, ResolvedFlag } from '@/features/questions/components/bounty-badges';
import { questionHref } from '@/features/questions/components/question-list';
import { AuthorName } from '@/components/member/author-name';
import { PagedTableView, type Column } from '@/features/topics/components/paged-table';
import { htmlToText } from '@/lib/plain-html';
import { formatDateTime } from '@/lib/format-time';
import { ControlScreen } from './control-screen';

/** The Q&A's control-panel lists (`/user/control/…`): my questions, answers, answer replies, favourites. */

function usePage() {
  const [searchParams] = useSearchParams();
  return { page: pageFrom(searchParams.get('page')), questionId: searchParams.get('questionId') };
}

function When({ iso }: { iso: string | null }) {
  const { i18n } = useTranslation();
  return iso ? <time dateTime={iso}>{formatDateTime(iso, i18n.language)}</time> : null;
}

const excerpt = (html: string, max = 80) => {
  const text = htmlToText(html);
  return text.length > max ? `${text.slice(0, max)}…` : text;
};

function useQuestionColumns(withAsker: boolean): Column<QuestionRow>[] {
  const { t } = useTranslation();
  return [
    {
      label: t('qa.my.question'),
      cell: (row) => (
        <>
          <ResolvedFlag resolved={row.resolved} />
          <Link to={questionHref(row.questionId)}>{row.title}</Link>
        </>
      ),
    },
    ...(withAsker ? [{ label: t('qa.my.asker'), cell: (row: QuestionRow) => <AuthorName author={row.asker} /> }] : []),
    { label: t('qa.my.bounty'), cell: (row) => <BountyBadges question={row} /> },
    { label: t('qa.form.tags'), cell: (row) => row.tags.map((tag) => tag.name).join(', ') },
    { label: t('forum.my.time'), cell: (row) => <When iso={row.askedAt} /> },
    {
      label: t('forum.my.counts'),
      cell: (row) =>
        t('qa.my.counts', {
          answers: row.answerCount,
          likes: row.likeCount,
          favourites: row.favouriteCount,
          reads: row.readCount,
        }),
    },
  ];
}

export function MyQuestionsScreen() {
  const { t } = useTranslation();
  const { page } = usePage();
  const columns: Column<QuestionRow>[] = [
    ...useQuestionColumns(false),
    {
      label: t('forum.my.operations'),
      cell: (row) => (
        <Link to={`/user/control/questionFavoriteList?questionId=${encodeURIComponent(row.questionId)}`}>
          {t('forum.my.favouriters')}
        </Link>
      ),
    },
  ];
  return (
    <ControlScreen title={t('control.questionList')}>
      <PagedTableView
        list={usePagedQaList<QuestionRow>('me/questions', page)}
        page={page}
        caption={t('control.questionList')}
        columns={columns}
        rowKey={(row) => row.questionId}
      />
    </ControlScreen>
  );
}

export function MyAnswersScreen() {
  const { t } = useTranslation();
  const { page } = usePage();
  const columns: Column<AnswerView>[] = [
    {
      label: t('qa.my.question'),
      cell: (row) => <Link to={questionHref(row.questionId)}>{t('qa.my.openQuestion')}</Link>,
    },
    { label: t('forum.my.content'), cell: (row) => excerpt(row.content) },
    {
      label: t('qa.my.state'),
      cell: (row) => (row.adopted ? <span className="adopted-badge">{t('qa.adopted')}</span> : null),
    },
    { label: t('qa.my.replies'), cell: (row) => String(row.replyCount) },
    { label: t('forum.my.time'), cell: (row) => <When iso={row.postedAt} /> },
  ];
  return (
    <ControlScreen title={t('control.answerList')}>
      <PagedTableView
        list={usePagedQaList<AnswerView>('me/answers', page)}
        page={page}
        caption={t('control.answerList')}
        columns={columns}
        rowKey={(row) => row.answerId}
      />
    </ControlScreen>
  );
}

export function MyAnswerRepliesScreen() {
  const { t } = useTranslation();
  const { page } = usePage();
  const columns: Column<AnswerReplyView>[] = [
    {
      label: t('qa.my.question'),
      cell: (row) => <Link to={questionHref(row.questionId)}>{t('qa.my.openQuestion')}</Link>,
    },
    { label: t('forum.my.content'), cell: (row) => excerpt(row.content) },
    { label: t('forum.my.time'), cell: (row) => <When iso={row.postedAt} /> },
  ];
  return (
    <ControlScreen title={t('control.answerReplyList')}>
      <PagedTableView
        list={usePagedQaList<AnswerReplyView>('me/answer-replies', page)}
        page={page}
        caption={t('control.answerReplyList')}
        columns={columns}
        rowKey={(row) => row.replyId}
      />
    </ControlScreen>
  );
}

/**
 * `questionFavoriteList?questionId=`: who favourited my question; without a question, the questions I favourited.
 */
export function QuestionFavouritesScreen() {
  const { t } = useTranslation();
  const { page, questionId } = usePage();
  const favouriters = usePagedQaList<QuestionFavouriterRow>(
    `questions/${encodeURIComponent(questionId ?? '')}/favouriters`,
    page,
    questionId !== null,
  );
  const mine = usePagedQaList<QuestionRow>('me/favourites', page, questionId === null);
  const questionColumns = useQuestionColumns(true);
  if (questionId !== null) {
    const columns: Column<QuestionFavouriterRow>[] = [
      { label: t('qa.my.member'), cell: (row) => <AuthorName author={row.member} /> },
      { label: t('forum.my.time'), cell: (row) => <When iso={row.at} /> },
    ];
    return (
      <ControlScreen title={t('control.questionFavoriteList')}>
        <p>
          <Link to={questionHref(questionId)}>{t('qa.my.openQuestion')}</Link>
        </p>
        <PagedTableView
          list={favouriters}
          page={page}
          caption={t('control.questionFavoriteList')}
          columns={columns}
          rowKey={(row, index) => `${row.member.memberId}-${index}`}
        />
      </ControlScreen>
    );
  }
  return (
    <ControlScreen title={t('control.questionFavoriteList')}>
      <h2 className="section-title">{t('qa.my.favouriteQuestions')}</h2>
      <PagedTableView
        list={mine}
        page={page}
        caption={t('qa.my.favouriteQuestions')}
        columns={questionColumns}
        rowKey={(row) => row.questionId}
      />
    </ControlScreen>
  );
}
