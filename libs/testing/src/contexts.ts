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
