/** The staff permission each console screen needs (the server checks it anyway; the console hides what would 403). */
export const SCREEN_PERMISSIONS = {
  members: 'members.manage',
  roles: 'roles.manage',
  /** Reading the settings document (saving it needs `settings.edit` too). */
  settings: 'settings.read',
  /** Topics, tags, comments, replies, Q&A and both review queues. */
  content: 'content.manage',
  /** The development outbox (codes and recipients). */
  outbox: 'outbox.read',
  membershipCards: 'content.manage',
  systemNotifications: 'content.manage',
  /** The report queue and the report types tree. */
  reports: 'reports.handle',
  /** Help center, online messages. */
  contentPages: 'content.manage',
  /** Card orders, member ledgers, platform revenue. */
  ledgers: 'audit.read',
  /** The audit log and the event-log browser. */
  audit: 'audit.read',
  /** Rebuilding read models, auditing the ledgers. */
  operations: 'operations.run',
  /** Polls on topics: close or delete. */
  polls: 'polls.manage',
} as const;

export type GuardedScreen = keyof typeof SCREEN_PERMISSIONS;

/**
 * Whether to show a screen. Permissions unknown — an empty list, as from a session opened with a bare token or
 * a server that does not send them — show everything: hiding is a convenience, never the protection.
 */
export function mayOpen(permissions: unknown, screen: GuardedScreen): boolean {
  if (!Array.isArray(permissions) || permissions.length === 0) return true;
  return permissions.includes(SCREEN_PERMISSIONS[screen]);
}
