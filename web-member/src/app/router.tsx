import { createBrowserRouter, Navigate, type Route, type RouteModule } from '@/lib/router';
import { withEveryText } from '@/lib/translator';
import { setTopicDetailPermission } from '@/stores/app-state';
import { AppLayout } from './layout/app-layout';
import { RouteError } from './layout/route-error';
import { CONTROL_BASE, controlScreens, publicScreens } from './route-table';

export interface RouteHandle {
  titleKey?: string;
}

type LazyRoute = () => Promise<RouteModule>;

const comingSoon: LazyRoute = () => import('./routes/coming-soon');

/** The moderation context's screens (content pages, my reports) share one lazy module. */
const moderationScreen =
  (name: keyof typeof import('./routes/moderation')): LazyRoute =>
  () =>
    import('./routes/moderation').then((module) => ({ Component: module[name] }));

/** Screens of the route table that are built, by path; the others show "coming soon". */
const builtScreens: Record<string, LazyRoute> = {
  login: () => import('./routes/login'),
  register: () => import('./routes/register'),
  'thirdParty/loginRedirect': () => import('./routes/third-party-login-redirect'),
  'findPassWord/step1': () => import('./routes/find-password-step1'),
  'findPassWord/step2': () => import('./routes/find-password-step2'),
  search: () => import('./routes/search'),
  thread: () => import('./routes/thread'),
  addTopic: () => import('./routes/add-topic'),
  'user/editTopic': () => import('./routes/edit-topic'),
  'paymentCompleted/:interfaceProduct/:paymentModule/:parameterId': () => import('./routes/payment-completed'),
  membershipCardList: () => import('./routes/membership-card-list'),
  membershipCard: () => import('./routes/membership-card'),
  askList: () => import('./routes/ask-list'),
  addQuestion: () => import('./routes/add-question'),
  question: () => import('./routes/question'),
  'user/:memberId': () => import('./routes/member'),
  help: moderationScreen('HelpScreen'),
  helpDetail: moderationScreen('HelpDetailScreen'),
  termsService: moderationScreen('TermsScreen'),
  feedback: moderationScreen('FeedbackScreen'),
};

/** The forum's control-panel lists share one lazy module. */
const forumScreen =
  (name: keyof typeof import('./routes/forum-control')): LazyRoute =>
  () =>
    import('./routes/forum-control').then((module) => ({ Component: module[name] }));

const forumControlScreens: Record<string, LazyRoute> = {
  home: forumScreen('HomeScreen'),
  userDynamicList: forumScreen('DynamicsScreen'),
  topicList: forumScreen('MyTopicsScreen'),
  topicUnhideList: forumScreen('UnlocksScreen'),
  topicFavoriteList: forumScreen('TopicFavouritersScreen'),
  topicLikeList: forumScreen('TopicLikersScreen'),
  commentList: forumScreen('MyCommentsScreen'),
  replyList: forumScreen('MyRepliesScreen'),
  favoriteList: forumScreen('MyFavouritesScreen'),
  likeList: forumScreen('MyLikesScreen'),
};

/** The Q&A's control-panel lists share one lazy module. */
const qaScreen =
  (name: keyof typeof import('./routes/qa-control')): LazyRoute =>
  () =>
    import('./routes/qa-control').then((module) => ({ Component: module[name] }));

const qaControlScreens: Record<string, LazyRoute> = {
  questionList: qaScreen('MyQuestionsScreen'),
  answerList: qaScreen('MyAnswersScreen'),
  answerReplyList: qaScreen('MyAnswerRepliesScreen'),
  questionFavoriteList: qaScreen('QuestionFavouritesScreen'),
};

/** The messaging screens share one lazy module too. */
const messagesScreen =
  (name: keyof typeof import('./routes/messages')): LazyRoute =>
  () =>
    import('./routes/messages').then((module) => ({ Component: module[name] }));

const messagesControlScreens: Record<string, LazyRoute> = {
  privateMessageList: messagesScreen('ConversationsScreen'),
  privateMessageChatList: messagesScreen('ChatScreen'),
  remindList: messagesScreen('RemindersScreen'),
  systemNotifyList: messagesScreen('NotificationsScreen'),
};

/** The wallet's control-panel screens share one lazy module. */
const walletScreen =
  (name: keyof typeof import('./routes/wallet-control')): LazyRoute =>
  () =>
    import('./routes/wallet-control').then((module) => ({ Component: module[name] }));

const walletControlScreens: Record<string, LazyRoute> = {
  balance: walletScreen('BalanceScreen'),
  point: walletScreen('PointsScreen'),
  payment: walletScreen('RechargeScreen'),
  giveRedEnvelopeList: walletScreen('SentEnvelopesScreen'),
  redEnvelopeAmountDistributionList: walletScreen('EnvelopeDistributionScreen'),
  receiveRedEnvelopeList: walletScreen('ReceivedEnvelopesScreen'),
};

const builtControlScreens: Record<string, LazyRoute> = {
  userLoginLogList: () => import('./routes/user-login-log'),
  editUser: () => import('./routes/edit-user'),
  avatar: () => import('./routes/avatar'),
  realNameAuthentication: () => import('./routes/real-name-authentication'),
  phoneBinding: () => import('./routes/phone-binding'),
  'updatePhoneBinding/step1': () => import('./routes/update-phone-step1'),
  'updatePhoneBinding/step2': () => import('./routes/update-phone-step2'),
  followList: () => import('./routes/follow-list'),
  followerList: () => import('./routes/follower-list'),
  membershipCardOrderList: () => import('./routes/membership-orders'),
  draftList: () => import('./routes/draft-list'),
  reportList: moderationScreen('ReportListScreen'),
  ...forumControlScreens,
  ...walletControlScreens,
  ...messagesControlScreens,
  ...qaControlScreens,
};

export interface RouterDeps {
  /** Called with the new full path (path + query) before each navigation; must not block. */
  onNavigate: (fullPath: string) => void;
}

/**
 * A first page (home, a topic: issue 20's budget) needs only the first part of the reader's catalogue; every other
 * screen waits for the rest beside its code (`withEveryText`), so it never shows a raw key.
 */
function firstPageScreen(path: string, load: LazyRoute): LazyRoute {
  return path === 'thread' ? load : withEveryText(load);
}

/** The one route map (ADR 44: our own router's). Every screen is lazy; unknown paths go to the index. */
export function createRoutes({ onNavigate }: RouterDeps): Route[] {
  return [
    {
      id: 'root',
      element: <AppLayout />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <div className="page-fallback" aria-hidden="true" />,
      onNavigate: (location) => {
        onNavigate(`${location.pathname}${location.search}`);
        // A denied topic applies only to the screen that was denied.
        setTopicDetailPermission(true);
      },
      children: [
        { index: true, lazy: () => import('./routes/home'), handle: { titleKey: 'home.title' } satisfies RouteHandle },
        ...publicScreens.map((screen): Route => ({
          path: screen.path,
          lazy: firstPageScreen(screen.path, builtScreens[screen.path] ?? comingSoon),
          handle: { titleKey: screen.titleKey },
        })),
        {
          path: CONTROL_BASE.slice(1),
          lazy: withEveryText(() => import('./routes/user-control-layout')),
          handle: { titleKey: 'control.title' } satisfies RouteHandle,
          children: [
            { index: true, element: <Navigate to={`${CONTROL_BASE}/home`} replace /> },
            ...controlScreens.map((screen): Route => ({
              path: screen.path,
              lazy: withEveryText(builtControlScreens[screen.path] ?? comingSoon),
              handle: { titleKey: screen.titleKey },
            })),
          ],
        },
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ];
}

export function createAppRouter(deps: RouterDeps) {
  return createBrowserRouter(createRoutes(deps));
}
