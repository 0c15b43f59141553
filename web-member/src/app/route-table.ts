/**
 * Every screen of docs/rules/web.md. A screen whose capability is not built yet shows the "coming soon" state;
 * building it means pointing its route at a real module in `router.tsx`.
 */
export interface Screen {
  /** Path relative to its parent (no leading slash). */
  path: string;
  titleKey: string;
}

export const publicScreens: Screen[] = [
  { path: 'search', titleKey: 'screens.search' },
  { path: 'addTopic', titleKey: 'screens.addTopic' },
  { path: 'thread', titleKey: 'screens.topicDetail' },
  { path: 'user/editTopic', titleKey: 'screens.editTopic' },
  { path: 'askList', titleKey: 'screens.askList' },
  { path: 'addQuestion', titleKey: 'screens.addQuestion' },
  { path: 'question', titleKey: 'screens.questionDetail' },
  { path: 'membershipCardList', titleKey: 'screens.membershipCardList' },
  { path: 'membershipCard', titleKey: 'screens.membershipCard' },
  { path: 'help', titleKey: 'screens.help' },
  { path: 'helpDetail', titleKey: 'screens.helpDetail' },
  { path: 'login', titleKey: 'screens.login' },
  { path: 'thirdParty/loginRedirect', titleKey: 'screens.thirdPartyLogin' },
  { path: 'register', titleKey: 'screens.register' },
  { path: 'termsService', titleKey: 'screens.termsService' },
  { path: 'feedback', titleKey: 'screens.feedback' },
  { path: 'findPassWord/step1', titleKey: 'screens.findPassWordStep1' },
  { path: 'findPassWord/step2', titleKey: 'screens.findPassWordStep2' },
  {
    path: 'paymentCompleted/:interfaceProduct/:paymentModule/:parameterId',
    titleKey: 'screens.paymentCompleted',
  },
  // A member's page (ours, docs/rules/web.md): member ids are UUIDs, so they never meet `user/editTopic` or
  // `user/control`.
  { path: 'user/:memberId', titleKey: 'screens.memberPage' },
];

export const CONTROL_BASE = '/user/control';

export interface ControlGroup {
  key: string;
  labelKey: string;
  screens: Screen[];
}

const control = (path: string, titleKey = `control.${path}`): Screen => ({ path, titleKey });

/** The user control panel (`/user/control/*`), grouped for its navigation. */
export const controlGroups: ControlGroup[] = [
  { key: 'overview', labelKey: 'control.groups.overview', screens: [control('home'), control('userDynamicList')] },
  {
    key: 'topics',
    labelKey: 'control.groups.topics',
    screens: [
      control('topicList'),
      control('commentList'),
      control('replyList'),
      control('draftList'),
      control('topicFavoriteList'),
      control('topicLikeList'),
      control('topicUnhideList'),
    ],
  },
  {
    key: 'questions',
    labelKey: 'control.groups.questions',
    screens: [
      control('questionList'),
      control('answerList'),
      control('answerReplyList'),
      control('questionFavoriteList'),
    ],
  },
  {
    key: 'social',
    labelKey: 'control.groups.social',
    screens: [control('favoriteList'), control('likeList'), control('followList'), control('followerList')],
  },
  {
    key: 'messages',
    labelKey: 'control.groups.messages',
    screens: [
      control('privateMessageList'),
      control('privateMessageChatList'),
      control('remindList'),
      control('systemNotifyList'),
    ],
  },
  {
    key: 'wallet',
    labelKey: 'control.groups.wallet',
    screens: [
      control('balance'),
      control('payment'),
      control('point'),
      control('membershipCardOrderList'),
      control('giveRedEnvelopeList'),
      control('receiveRedEnvelopeList'),
      control('redEnvelopeAmountDistributionList'),
    ],
  },
  {
    key: 'account',
    labelKey: 'control.groups.account',
    screens: [
      control('editUser'),
      // The avatar screen (docs/rules/web.md: the original gives no path).
      control('avatar'),
      control('realNameAuthentication'),
      control('phoneBinding'),
      control('updatePhoneBinding/step1', 'control.updatePhoneBindingStep1'),
      control('updatePhoneBinding/step2', 'control.updatePhoneBindingStep2'),
      control('userLoginLogList'),
      control('reportList'),
    ],
  },
];

export const controlScreens: Screen[] = controlGroups.flatMap((group) => group.screens);
