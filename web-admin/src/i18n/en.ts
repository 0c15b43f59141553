import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'react-admin';
import { consoleEn } from './console.en';
import { forumEn } from '../resources/forum/forum.i18n';
import { qaEn } from '../resources/qa/qa.i18n';
import { moderationEn } from '../resources/moderation/moderation.i18n';
import { auditEn } from '../resources/audit/audit.i18n';
import { pollsEn } from '../resources/polls/polls.i18n';
import { revisionsEn } from '../resources/revisions/revisions.i18n';

export const en: TranslationMessages = {
  ...englishMessages,
  app: {
    title: 'Forum staff console',
    language: 'Language',
  },
  dashboard: {
    title: 'Dashboard',
    figures: 'Live figures',
    refreshed: 'Refreshed every 5 seconds',
    members: 'Members',
    members_today: '%{count} new today',
    posts_today: 'Posts today',
    posts_total: '%{count} topic in all |||| %{count} topics in all',
    pending_reports: 'Pending reports',
    pending_reports_later: 'Report figures come with reports (the moderation context).',
    outbox_backlog: 'Outbox backlog',
    outbox_backlog_hint: 'Committed events not yet published to Kafka',
    projector_lag: 'Projector lag',
    projector_lag_hint: 'Published events not yet applied to read models',
    unavailable: 'Not available: %{message}',
  },
  ...consoleEn,
  forum: forumEn.forum,
  qa: qaEn.qa,
  moderation: moderationEn.moderation,
  audit: auditEn.audit,
  polls: pollsEn.polls,
  revisions: revisionsEn,
  operations: auditEn.operations,
  resources: {
    ...consoleEn.resources,
    // Topics and tags: the forum screens' own words (resources/forum/forum.i18n.ts).
    ...forumEn.resources,
    ...qaEn.resources,
    ...moderationEn.resources,
    ...auditEn.resources,
    ...pollsEn.resources,
  },
};
