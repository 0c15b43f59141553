// Every context's event contracts, loaded together: importing this module fails if two contracts share a name.
export * from './forum/topic.events';
export * from './forum/tag.events';
export * from './forum/unlock.events';
export * from './forum/comment.events';
export * from './forum/reaction.events';
export * from './forum/review.events';
export * from './moderation/settings.events';
export * from './identity/identity.events';
export * from './identity/role.events';
export * from './identity/member-state.events';
export * from './identity/oauth.events';
export * from './wallet/wallet.events';
export * from './wallet/payment.events';
export * from './messaging/messaging.events';
