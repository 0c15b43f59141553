import type { Type } from '@nestjs/common';

/**
 * The test composition root: the one file under `libs/` that names the services (eslint.config.mjs, ADR 0042), as
 * `services/all-in-one` is for the product. A spec boots other contexts by name (`startTestApp(['identity', ...])`)
 * and reaches them through the fixtures of `@forum/testing`, which load what they need from here, lazily: a spec
 * loads only the contexts it starts, and no service imports another service's code, tests included.
 */
const modules = {
  identity: async () => (await import('../../../services/identity/src/identity.module')).IdentityModule,
  forum: async () => (await import('../../../services/forum/src/forum.module')).ForumModule,
  moderation: async () => (await import('../../../services/moderation/src/moderation.module')).ModerationModule,
  wallet: async () => (await import('../../../services/wallet/src/wallet.module')).WalletModule,
  messaging: async () => (await import('../../../services/messaging/src/messaging.module')).MessagingModule,
  qa: async () => (await import('../../../services/qa/src/qa.module')).QaModule,
  search: async () => (await import('../../../services/search/src/search.module')).SearchModule,
  assistant: async () => (await import('../../../services/assistant/src/assistant.module')).AssistantModule,
} satisfies Record<string, () => Promise<Type>>;

export type ContextName = keyof typeof modules;

/** Every context, in the all-in-one's order (`ALL_CONTEXTS`). */
export const CONTEXT_NAMES = Object.keys(modules) as ContextName[];

/** A context given by name or, in its own service's specs, by its module class. */
export type ContextRef = ContextName | Type;

export function contextModule(context: ContextRef): Promise<Type> {
  return typeof context === 'string' ? modules[context]() : Promise.resolve(context);
}

export function contextModules(contexts: ContextRef[]): Promise<Type[]> {
  return Promise.all(contexts.map(contextModule));
}

/** Identity's test seams: accounts without the captcha, role grants, a verified email address. */
export const identitySeams = () => import('../../../services/identity/src/identity.test-seams');

/** The forum's: a leaf tag made by the system actor (in an app that may not host identity), the topics' store. */
export const forumSeams = () => import('../../../services/forum/src/forum.test-seams');

/** The Q&A's: its demo seed, whether its read model shows an answer or a reply as deleted. */
export const qaSeams = () => import('../../../services/qa/src/qa.test-seams');

/** The wallet's: money and points by the system actor, a wallet's balances, the ledger audit. */
export const walletSeams = () => import('../../../services/wallet/src/wallet.test-seams');

/** The search's: the index follower has caught up with what was written before it started. */
export const searchSeams = () => import('../../../services/search/src/search.test-seams');

/**
 * Read views (HTTP answers) other contexts' specs read, types only. Their place is libs/contracts once the public
 * read views move there (issue 21 item 2); until then a spec names them through here, not through the service.
 */
export type WalletView = import('../../../services/wallet/src/ledger/ledger.reader').WalletView;
export type WalletAccountDocument =
  import('../../../services/wallet/src/ledger/ledger.projection').WalletAccountDocument;
export type LedgerAuditReport = import('../../../services/wallet/src/audit/ledger-audit').AuditReport;
export type LedgerAuditOptions = import('../../../services/wallet/src/audit/ledger-audit').AuditOptions;
export type QuestionDetail = import('../../../services/qa/src/questions/question-detail-reader').QuestionDetail;
export type QuestionTagNode = import('../../../services/qa/src/tags/question-tags').QuestionTagNode;
export type PostedTopic = import('../../../services/forum/src/topics/topic.schemas').PostedTopic;
export type TopicDetail = import('../../../services/forum/src/topics/topic.schemas').TopicDetail;
export type UnlockResult = import('../../../services/forum/src/topics/topic.schemas').UnlockResult;
export type SearchResultView = import('../../../services/search/src/query/search.controller').SearchResultView;
export type AuditLogRow = import('../../../services/moderation/src/audit/audit-log').AuditLogRow;
export type ReminderView = import('../../../services/messaging/src/reminders/reminders').ReminderView;
