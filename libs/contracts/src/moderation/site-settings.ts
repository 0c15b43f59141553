import { z } from 'zod';

const switchSetting = (enabledByDefault = true) =>
  z
    .strictObject({ enabled: z.boolean(), message: z.string().max(200) })
    .default({ enabled: enabledByDefault, message: '' });

/**
 * The one typed site settings document (DOMAIN §12). Every field has a default, so a site with no
 * `SettingsChanged` yet has complete settings. Capabilities add their settings here as they land.
 */
export const siteSettingsSchema = z.strictObject({
  title: z.string().min(1).max(60).default('Forum'),
  keywords: z.string().max(200).default('forum, community, questions'),
  description: z.string().max(500).default('A community forum with questions and answers.'),
  /** open; readOnly: every write refused with `closedNotice`; closed: 503 with it. */
  siteMode: z.enum(['open', 'readOnly', 'closed']).default('open'),
  closedNotice: z.string().max(500).default(''),
  /** 1 any device, 2 desktop, 3 mobile only. */
  supportAccessDevice: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(1),
  fileStorageSystem: z.number().int().min(0).max(10).default(0),
  defaultLanguage: z.enum(['zh_CN', 'en_US']).default('zh_CN'),
  languageSwitching: z.record(z.string(), z.string()).default({ zh_CN: '简体中文', en_US: 'English' }),
  friendlyLinks: z
    .array(z.strictObject({ name: z.string().min(1).max(30), url: z.url({ protocol: /^https?$/ }) }))
    .max(50)
    .default([]),
  switches: z
    .strictObject({
      topicPosting: switchSetting(),
      asking: switchSetting(),
      feedback: switchSetting(),
      login: switchSetting(),
      registration: switchSetting(),
      reporting: switchSetting(),
      answers: switchSetting(),
      comments: switchSetting(),
      editTopics: switchSetting(),
      editComments: switchSetting(),
      quoting: switchSetting(),
      questionAddenda: switchSetting(),
      aiAssistant: switchSetting(),
    })
    .prefault({}),
  points: z
    .strictObject({
      topic: z.number().int().min(0).max(100_000).default(10),
      comment: z.number().int().min(0).max(100_000).default(5),
      reply: z.number().int().min(0).max(100_000).default(5),
      question: z.number().int().min(0).max(100_000).default(10),
      answer: z.number().int().min(0).max(100_000).default(5),
      answerReply: z.number().int().min(0).max(100_000).default(5),
    })
    .prefault({}),
});

export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export const DEFAULT_SITE_SETTINGS: SiteSettings = siteSettingsSchema.parse({});
