import { useTranslation } from '@/lib/translator';
import { Link, useParams, useSearchParams } from '@/lib/router';
import { memberHref } from '@/components/member/author-name';
import { pageFrom } from '@/components/ui/pagination';
import { chatHref } from '@/features/messages/components/conversation-list';
import { usePagedQaList } from '@/features/questions/api/questions';
import type { AnswerView, QuestionRow } from '@/features/questions/api/types';
import { BountyBadges, ResolvedFlag } from '@/features/questions/components/bounty-badges';
import { questionHref } from '@/features/questions/components/question-list';
import { usePublicProfile } from '@/features/social/api/follows';
import { MemberProfile } from '@/features/social/components/member-profile';
import { usePagedForumList } from '@/features/topics/api/my-lists';
import type { DynamicRow, TopicRow } from '@/features/topics/api/types';
import { PagedTableView, type Column } from '@/features/topics/components/paged-table';
import { topicHref } from '@/features/topics/components/topic-href';
import { htmlToText } from '@/lib/plain-html';
import { formatDateTime } from '@/lib/format-time';
import { useAppState } from '@/stores/app-state';

/**
 * `/user/:memberId?tab=&page=`: a member's public page (ours: docs/rules/web.md): who they are, their counts,
 * follow and message buttons, then their dynamics (unless they hide them), topics, questions and answers.
 */

type Tab = 'dynamics' | 'topics' | 'questions' | 'answers';
const TABS: Tab[] = ['dynamics', 'topics', 'questions', 'answers'];

function When({ iso }: { iso: string }) {
  const { i18n } = useTranslation();
  return <time dateTime={iso}>{formatDateTime(iso, i18n.language)}</time>;
}

/** A dynamics row; asking, answering and replying to an answer point at a question instead of a topic. */
type ActivityRow = DynamicRow & { questionId?: string | null; questionTitle?: string | null };

const excerpt = (html: string, max = 80) => {
  const text = htmlToText(html);
  return text.length > max ? `${text.slice(0, max)}…` : text;
};

export function Component() {
  const { t } = useTranslation();
  const { memberId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const me = useAppState((state) => state.systemUser?.id ?? null);
  const profile = usePublicProfile(memberId);
  const dynamicsShown = profile.data?.allowUserDynamic ?? false;
  const tabs = TABS.filter((tab) => tab !== 'dynamics' || dynamicsShown);
  const asked = searchParams.get('tab') as Tab | null;
  const tab: Tab = asked && tabs.includes(asked) ? asked : (tabs[0] ?? 'topics');
  const page = pageFrom(searchParams.get('page'));
  const pageOf = (of: Tab) => (of === tab ? page : 1);
  const base = `members/${encodeURIComponent(memberId)}`;

  // Page 1 of each list gives its total for the counts; the open tab's page shows below.
  const dynamics = usePagedForumList<ActivityRow>(`${base}/dynamics`, pageOf('dynamics'), tab === 'dynamics');
  const topics = usePagedForumList<TopicRow>(`${base}/topics`, pageOf('topics'));
  const topicTotal = usePagedForumList<TopicRow>(`${base}/topics`, 1);
  const questions = usePagedQaList<QuestionRow>(`${base}/questions`, pageOf('questions'));
  const questionTotal = usePagedQaList<QuestionRow>(`${base}/questions`, 1);
  const answers = usePagedQaList<AnswerView>(`${base}/answers`, pageOf('answers'));
  const answerTotal = usePagedQaList<AnswerView>(`${base}/answers`, 1);

  const name = profile.data && !profile.data.cancelled ? (profile.data.nickname ?? memberId) : '';
  const actions =
    me === memberId ? (
      <Link className="button" to="/user/control/editUser">
        {t('member.editProfile')}
      </Link>
    ) : (
      <Link className="button" to={chatHref(memberId)} aria-label={t('member.messageLabel', { name })}>
        {t('member.message')}
      </Link>
    );

  const dynamicColumns: Column<ActivityRow>[] = [
    { label: t('forum.my.type'), cell: (row) => t(`forum.my.kind.${row.kind}`) },
    {
      label: t('forum.my.topic'),
      cell: (row) =>
        row.questionId ? (
          <Link to={questionHref(row.questionId)}>{row.questionTitle ?? row.questionId}</Link>
        ) : (
          <Link
            to={
              row.commentId
                ? `${topicHref(row.topicId)}&commentId=${encodeURIComponent(row.commentId)}`
                : topicHref(row.topicId)
            }
          >
            {row.topicTitle ?? row.topicId}
          </Link>
        ),
    },
    { label: t('forum.my.content'), cell: (row) => row.summary },
    { label: t('forum.my.time'), cell: (row) => <When iso={row.at} /> },
  ];
  const topicColumns: Column<TopicRow>[] = [
    { label: t('forum.my.title'), cell: (row) => <Link to={topicHref(row.topicId)}>{row.title}</Link> },
    { label: t('forum.editor.tags'), cell: (row) => (row.tags ?? []).map((item) => item.name).join(', ') },
    { label: t('forum.my.time'), cell: (row) => <When iso={row.postedAt} /> },
  ];
  const questionColumns: Column<QuestionRow>[] = [
    {
      label: t('qa.my.question'),
      cell: (row) => (
        <>
          <ResolvedFlag resolved={row.resolved} />
          <Link to={questionHref(row.questionId)}>{row.title}</Link>
        </>
      ),
    },
    { label: t('qa.my.bounty'), cell: (row) => <BountyBadges question={row} /> },
    { label: t('forum.my.time'), cell: (row) => <When iso={row.askedAt} /> },
  ];
  const answerColumns: Column<AnswerView>[] = [
    {
      label: t('qa.my.question'),
      cell: (row) => <Link to={questionHref(row.questionId)}>{t('qa.my.openQuestion')}</Link>,
    },
    { label: t('forum.my.content'), cell: (row) => excerpt(row.content) },
    {
      label: t('qa.my.state'),
      cell: (row) => (row.adopted ? <span className="adopted-badge">{t('qa.adopted')}</span> : null),
    },
    { label: t('forum.my.time'), cell: (row) => <When iso={row.postedAt} /> },
  ];

  const panel = {
    dynamics: (
      <PagedTableView
        list={dynamics}
        page={page}
        caption={t('member.dynamics')}
        columns={dynamicColumns}
        rowKey={(_, i) => String(i)}
      />
    ),
    topics: (
      <PagedTableView
        list={topics}
        page={page}
        caption={t('member.topics')}
        columns={topicColumns}
        rowKey={(row) => row.topicId}
      />
    ),
    questions: (
      <PagedTableView
        list={questions}
        page={page}
        caption={t('member.questions')}
        columns={questionColumns}
        rowKey={(row) => row.questionId}
      />
    ),
    answers: (
      <PagedTableView
        list={answers}
        page={page}
        caption={t('member.answers')}
        columns={answerColumns}
        rowKey={(row) => row.answerId}
      />
    ),
  }[tab];

  return (
    <div className="member-page">
      <MemberProfile
        memberId={memberId}
        actions={actions}
        counts={[
          { key: 'topics', label: t('member.topics'), value: topicTotal.data?.total },
          { key: 'questions', label: t('member.questions'), value: questionTotal.data?.total },
          { key: 'answers', label: t('member.answers'), value: answerTotal.data?.total },
        ]}
      />
      {profile.data ? (
        <section aria-label={t('member.content')}>
          <nav className="member-page__tabs" aria-label={t('member.content')}>
            {tabs.map((item) => (
              <Link
                key={item}
                to={`${memberHref(memberId)}?tab=${item}`}
                className="member-page__tab"
                aria-current={item === tab ? 'page' : undefined}
              >
                {t(`member.${item}`)}
              </Link>
            ))}
          </nav>
          {panel}
        </section>
      ) : null}
    </div>
  );
}
