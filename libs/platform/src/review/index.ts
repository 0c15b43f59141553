export * from './submission-queue';
export * from './content-moderation';
