// Every context's event contracts, loaded together: importing this module fails if two contracts share a name.
export * from './forum/topic.events';
export * from './moderation/settings.events';
export * from './identity/identity.events';
