import { useTranslation } from '@/lib/translator';
import { Link, useSearchParams } from '@/lib/router';
import { pageFrom } from '@/components/ui/pagination';
import { RichContent } from '@/components/ui/rich-content';
import { AuthorName } from '@/components/member/author-name';
import { PagedTable, type Column } from '@/features/topics/components/paged-table';
import { questionHref } from '@/features/questions/components/question-list';
import { topicHref } from '@/features/topics/components/topic-href';
import { formatUnlockPrice } from '@/lib/unlock-price';
import type {
  DynamicRow,
  MyContentRow,
  MyFavouriteRow,
  MyLikeRow,
  ReactorRow,
  TopicRow,
  UnlockRecordView,
} from '@/features/topics/api/types';
import { formatDateTime } from '@/lib/format-time';
import { ControlScreen } from './control-screen';

/** The forum's control-panel lists (`/user/control/…`); each is one paged table. */

function usePage() {
  const [searchParams] = useSearchParams();
  return { page: pageFrom(searchParams.get('page')), topicId: searchParams.get('topicId') };
}

function useTime() {
  const { i18n } = useTranslation();
  return (iso: string) => <time dateTime={iso}>{formatDateTime(iso, i18n.language)}</time>;
}

const commentHref = (topicId: string, commentId: string | null) =>
  commentId ? `${topicHref(topicId)}&commentId=${encodeURIComponent(commentId)}` : topicHref(topicId);

function TopicLink({
  topicId,
  title,
  commentId = null,
}: {
  topicId: string;
  title: string | null;
  commentId?: string | null;
}) {
  return <Link to={commentHref(topicId, commentId)}>{title ?? topicId}</Link>;
}

/** A dynamics row; asked / answered / replied to an answer point at a question instead of a topic. */
type ActivityRow = DynamicRow & { questionId?: string | null; questionTitle?: string | null };

function Dynamics({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const { page } = usePage();
  const time = useTime();
  const columns: Column<ActivityRow>[] = [
    { label: t('forum.my.type'), cell: (row) => t(`forum.my.kind.${row.kind}`) },
    {
      label: t('forum.my.topic'),
      cell: (row) =>
        row.questionId ? (
          <Link to={questionHref(row.questionId)}>{row.questionTitle ?? row.questionId}</Link>
        ) : (
          <TopicLink topicId={row.topicId} title={row.topicTitle} commentId={row.commentId} />
        ),
    },
    { label: t('forum.my.content'), cell: (row) => row.summary },
    { label: t('forum.my.time'), cell: (row) => time(row.at) },
  ];
  return (
    <ControlScreen title={t(titleKey)}>
      <PagedTable path="me/dynamics" page={page} caption={t(titleKey)} columns={columns} rowKey={(_, i) => String(i)} />
    </ControlScreen>
  );
}

export function HomeScreen() {
  return <Dynamics titleKey="control.home" />;
}

export function DynamicsScreen() {
  return <Dynamics titleKey="control.userDynamicList" />;
}

export function MyTopicsScreen() {
  const { t } = useTranslation();
  const { page } = usePage();
  const time = useTime();
  const members = (path: string, topicId: string, label: string) => (
    <Link to={`/user/control/${path}?topicId=${encodeURIComponent(topicId)}`}>{label}</Link>
  );
  const columns: Column<TopicRow>[] = [
    { label: t('forum.my.title'), cell: (row) => <TopicLink topicId={row.topicId} title={row.title} /> },
    { label: t('forum.editor.tags'), cell: (row) => (row.tags ?? []).map((tag) => tag.name).join(', ') },
    { label: t('forum.my.time'), cell: (row) => time(row.postedAt) },
    {
      label: t('forum.my.counts'),
      cell: (row) =>
        t('forum.my.topicCounts', {
          comments: row.commentCount,
          likes: row.likeCount,
          favourites: row.favoriteCount,
          unlocks: row.unlockCount,
          reads: row.readCount,
        }),
    },
    {
      label: t('forum.my.operations'),
      cell: (row) => (
        <span className="row-actions">
          <Link to={`/user/editTopic?topicId=${encodeURIComponent(row.topicId)}`}>{t('forum.edit')}</Link>
          {members('topicFavoriteList', row.topicId, t('forum.my.favouriters'))}
          {members('topicLikeList', row.topicId, t('forum.my.likers'))}
          {members('topicUnhideList', row.topicId, t('forum.my.unlockers'))}
        </span>
      ),
    },
  ];
  return (
    <ControlScreen title={t('control.topicList')}>
      <PagedTable
        path="me/topics"
        page={page}
        caption={t('control.topicList')}
        columns={columns}
        rowKey={(row) => row.topicId}
      />
    </ControlScreen>
  );
}

function Reactors({ titleKey, kind }: { titleKey: string; kind: 'likers' | 'favouriters' }) {
  const { t } = useTranslation();
  const { page, topicId } = usePage();
  const time = useTime();
  const columns: Column<ReactorRow>[] = [
    { label: t('forum.my.member'), cell: (row) => <AuthorName author={row.member} /> },
    { label: t('forum.my.time'), cell: (row) => time(row.at) },
  ];
  return (
    <ControlScreen title={t(titleKey)}>
      {topicId ? (
        <PagedTable
          path={`topics/${encodeURIComponent(topicId)}/${kind}`}
          page={page}
          caption={t(titleKey)}
          columns={columns}
          rowKey={(row) => row.member.memberId}
        />
      ) : (
        <p className="muted">
          <Link to="/user/control/topicList">{t('forum.my.chooseTopic')}</Link>
        </p>
      )}
    </ControlScreen>
  );
}

export function TopicLikersScreen() {
  return <Reactors titleKey="control.topicLikeList" kind="likers" />;
}

export function TopicFavouritersScreen() {
  return <Reactors titleKey="control.topicFavoriteList" kind="favouriters" />;
}

/** With `?topicId=`: who unlocked my topic; without: the hidden content I unlocked. */
export function UnlocksScreen() {
  const { t } = useTranslation();
  const { page, topicId } = usePage();
  const time = useTime();
  const columns: Column<UnlockRecordView>[] = [
    { label: t('forum.my.topic'), cell: (row) => <TopicLink topicId={row.topicId} title={row.topicTitle} /> },
    { label: t('forum.my.member'), cell: (row) => <AuthorName author={row.member} /> },
    { label: t('forum.my.type'), cell: (row) => t(`forum.hideType.${row.type}`) },
    {
      label: t('forum.my.pricePaid'),
      cell: (row) => (row.pricePaid === null ? '—' : formatUnlockPrice(row.type, row.pricePaid, t)),
    },
    { label: t('forum.my.time'), cell: (row) => time(row.at) },
  ];
  return (
    <ControlScreen title={t('control.topicUnhideList')}>
      <PagedTable
        path={topicId ? `topics/${encodeURIComponent(topicId)}/unlocks` : 'me/unlocks'}
        page={page}
        caption={t('control.topicUnhideList')}
        columns={columns}
        rowKey={(row, i) => `${row.member.memberId}-${row.type}-${i}`}
      />
    </ControlScreen>
  );
}

function MyContent({ titleKey, path }: { titleKey: string; path: string }) {
  const { t } = useTranslation();
  const { page } = usePage();
  const time = useTime();
  const columns: Column<MyContentRow>[] = [
    {
      label: t('forum.my.topic'),
      cell: (row) => <TopicLink topicId={row.topicId} title={row.topicTitle} commentId={row.commentId ?? row.id} />,
    },
    { label: t('forum.my.content'), cell: (row) => <RichContent html={row.contentHtml} /> },
    { label: t('forum.my.time'), cell: (row) => time(row.postedAt) },
    { label: t('forum.likeCount', { value: '' }).trim(), cell: (row) => row.likeCount },
  ];
  return (
    <ControlScreen title={t(titleKey)}>
      <PagedTable path={path} page={page} caption={t(titleKey)} columns={columns} rowKey={(row) => row.id} />
    </ControlScreen>
  );
}

export function MyCommentsScreen() {
  return <MyContent titleKey="control.commentList" path="me/comments" />;
}

export function MyRepliesScreen() {
  return <MyContent titleKey="control.replyList" path="me/replies" />;
}

export function MyFavouritesScreen() {
  const { t } = useTranslation();
  const { page } = usePage();
  const time = useTime();
  const columns: Column<MyFavouriteRow>[] = [
    { label: t('forum.my.topic'), cell: (row) => <TopicLink topicId={row.topicId} title={row.topicTitle} /> },
    { label: t('forum.my.time'), cell: (row) => time(row.favouritedAt) },
  ];
  return (
    <ControlScreen title={t('control.favoriteList')}>
      <PagedTable
        path="me/favourites"
        page={page}
        caption={t('control.favoriteList')}
        columns={columns}
        rowKey={(row) => row.topicId}
      />
    </ControlScreen>
  );
}

export function MyLikesScreen() {
  const { t } = useTranslation();
  const { page } = usePage();
  const time = useTime();
  const columns: Column<MyLikeRow>[] = [
    { label: t('forum.my.type'), cell: (row) => t(`forum.my.likeKind.${row.targetKind}`) },
    {
      label: t('forum.my.topic'),
      cell: (row) => (
        <TopicLink
          topicId={row.topicId}
          title={row.topicTitle}
          commentId={row.targetKind === 'comment' ? row.targetId : null}
        />
      ),
    },
    { label: t('forum.my.content'), cell: (row) => row.summary },
    { label: t('forum.my.time'), cell: (row) => time(row.likedAt) },
  ];
  return (
    <ControlScreen title={t('control.likeList')}>
      <PagedTable
        path="me/likes"
        page={page}
        caption={t('control.likeList')}
        columns={columns}
        rowKey={(row) => `${row.targetKind}-${row.targetId}`}
      />
    </ControlScreen>
  );
}
