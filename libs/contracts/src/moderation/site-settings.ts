import { z } from 'zod';

const switchSetting = (enabledByDefault = true) =>
  z
    .strictObject({ enabled: z.boolean(), message: z.string().max(200) })
    .default({ enabled: enabledByDefault, message: '' });

/**
 * The one typed site settings document (docs/rules/moderation.md, settings). Every field has a default, so a site with no
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
  /**
   * Wallet (docs/rules/wallet.md): the platform's share, in whole percent, of cash moving between members (paid unlocks,
   * bounties), booked to the platform revenue account; and how long a recharge's payment intent stays payable.
   */
  wallet: z
    .strictObject({
      platformSharePercent: z
        .strictObject({
          paidUnlock: z.number().int().min(0).max(100).default(0),
          bounty: z.number().int().min(0).max(100).default(0),
        })
        .prefault({}),
      paymentIntentMinutes: z
        .number()
        .int()
        .min(5)
        .max(24 * 60)
        .default(30),
    })
    .prefault({}),
  /**
   * Red envelopes (docs/rules/wallet.md, red envelopes): bounds on an envelope's total in fen (`maxAmount` 0 switches sending off), and how
   * long unclaimed shares wait before they go back to the sender.
   */
  redEnvelope: z
    .strictObject({
      minAmount: z.number().int().min(1).max(100_000_000_000).default(1),
      maxAmount: z.number().int().min(0).max(100_000_000_000).default(100_000),
      refundAfterHours: z
        .number()
        .int()
        .min(1)
        .max(24 * 30)
        .default(24),
    })
    .prefault({}),
  /** Ways to register and to log in the site offers (docs/rules/people.md, accounts); a refused one answers `identity.method_disabled`. */
  registrationMethods: z
    .array(z.enum(['account', 'phone', 'email', 'oauth']))
    .max(4)
    .default(['account', 'phone', 'email', 'oauth']),
  loginMethods: z
    .array(z.enum(['account', 'phone', 'email', 'oauth']))
    .max(4)
    .default(['account', 'phone', 'email', 'oauth']),
  /** Login captcha thresholds (docs/rules/people.md, accounts): failed passwords, per account and per address, before a captcha is asked. */
  captcha: z
    .strictObject({
      /** 0: a captcha on every login. */
      loginAfterFailures: z.number().int().min(0).max(100).default(3),
      loginAfterFailuresPerIp: z.number().int().min(1).max(10_000).default(10),
    })
    .prefault({}),
  /** Whether readers see the IP location (from the offline IP database) under topics. */
  showIpLocation: z.boolean().default(true),
  /** SMS and email verification codes: resend countdown, and how many codes one phone or address gets a day. */
  verificationCodes: z
    .strictObject({
      resendSeconds: z.number().int().min(0).max(3600).default(60),
      dailyCapPerTarget: z.number().int().min(1).max(1000).default(10),
    })
    .prefault({}),
  /** Upload sizes per use (docs/rules/moderation.md, settings); avatars are always jpeg/png/webp/gif, stored as 200×200 webp. */
  uploads: z
    .strictObject({
      avatarMaxBytes: z
        .number()
        .int()
        .min(10 * 1024)
        .max(20 * 1024 * 1024)
        .default(2 * 1024 * 1024),
      /** Images uploaded from the editor (`POST /api/forum/uploads/images`), and how many one topic may embed. */
      image: z
        .strictObject({
          maxBytes: z
            .number()
            .int()
            .min(10 * 1024)
            .max(50 * 1024 * 1024)
            .default(5 * 1024 * 1024),
          formats: z
            .array(z.enum(['jpeg', 'png', 'gif', 'webp']))
            .min(1)
            .max(4)
            .default(['jpeg', 'png', 'gif', 'webp']),
          maxPerTopic: z.number().int().min(0).max(500).default(30),
        })
        .prefault({}),
      /** Videos uploaded from the editor (`POST /api/forum/uploads/videos`), transcoded to H.264/AAC MP4. */
      video: z
        .strictObject({
          maxBytes: z
            .number()
            .int()
            .min(100 * 1024)
            .max(500 * 1024 * 1024)
            .default(100 * 1024 * 1024),
          formats: z
            .array(z.enum(['mp4', 'webm']))
            .min(1)
            .max(2)
            .default(['mp4', 'webm']),
        })
        .prefault({}),
    })
    .prefault({}),
  /** Forum topics (docs/rules/forum.md): tags per topic, image hosts besides the site's storage, and the grade table. */
  forum: z
    .strictObject({
      maxTagsPerTopic: z.number().int().min(1).max(10).default(3),
      /** `@nickname`s resolved (and notified) per topic, comment or reply; more are left as text (docs/rules/forum.md). */
      maxMentions: z.number().int().min(0).max(100).default(30),
      imageHosts: z.array(z.string().min(1).max(253)).max(50).default([]),
      /** Hidden type 30 unlocks when the reader's points reach the block's grade (`needPoint`). */
      grades: z
        .array(z.strictObject({ name: z.string().min(1).max(30), needPoint: z.number().int().min(0) }))
        .max(50)
        .default([
          { name: 'Newcomer', needPoint: 0 },
          { name: 'Member', needPoint: 100 },
          { name: 'Regular', needPoint: 500 },
          { name: 'Veteran', needPoint: 2000 },
        ]),
    })
    .prefault({}),
  /**
   * Questions and answers (docs/rules/qa.md): tags per question, bounty bounds per kind (cash in fen, points; a max of 0
   * offers no bounty of that kind), and the days after which an unawarded bounty goes back to the asker (0 = never).
   */
  qa: z
    .strictObject({
      maxTags: z.number().int().min(1).max(10).default(5),
      bountyExpiryDays: z.number().int().min(0).max(3650).default(30),
      bounty: z
        .strictObject({
          minAmount: z.number().int().min(0).max(100_000_000_00).default(100),
          maxAmount: z.number().int().min(0).max(100_000_000_00).default(100_000_00),
          minPoints: z.number().int().min(0).max(100_000_000).default(1),
          maxPoints: z.number().int().min(0).max(100_000_000).default(100_000),
        })
        .prefault({}),
    })
    .prefault({}),
  /**
   * Review queue (docs/rules/forum.md): when on for a kind, members' new topics, comments or replies (forum) and
   * questions, answers or answer replies (Q&A) wait for staff approval before anyone else sees them; staff's own
   * are never held.
   */
  review: z
    .strictObject({
      topics: z.boolean().default(false),
      comments: z.boolean().default(false),
      replies: z.boolean().default(false),
      questions: z.boolean().default(false),
      answers: z.boolean().default(false),
      answerReplies: z.boolean().default(false),
    })
    .prefault({}),
  /**
   * Reports (docs/rules/moderation.md, reports): images per report, reports one member may file an hour, reports a minute before a
   * captcha is asked, and how many distinct members reporting one item hide it until reviewed (0: never).
   */
  reports: z
    .strictObject({
      maxImages: z.number().int().min(0).max(9).default(3),
      perMemberPerHour: z.number().int().min(1).max(1000).default(20),
      captchaAfterPerMinute: z.number().int().min(0).max(100).default(3),
      autoHideAfterReporters: z.number().int().min(0).max(1000).default(5),
    })
    .prefault({}),
  /**
   * The AI assistant (docs/rules/assistant.md): on or off with `switches.aiAssistant`, allowed to the roles holding the
   * `aiAssistant` permission. `offline` answers from public help and forum content found by search; `openai` calls
   * any OpenAI-compatible endpoint (`{baseUrl}/chat/completions`), whose API key the assistant context keeps to
   * itself (`PUT /api/assistant/staff/api-key`), never in settings or events.
   */
  assistant: z
    .strictObject({
      provider: z.enum(['offline', 'openai']).default('offline'),
      /** `https://api.openai.com/v1` or any compatible server; empty until staff set it. */
      baseUrl: z
        .string()
        .trim()
        .max(500)
        .regex(/^(https?:\/\/[^\s]+)?$/)
        .default(''),
      model: z.string().trim().max(100).default(''),
      /** Questions one member may ask an hour. */
      perMemberPerHour: z.number().int().min(1).max(10_000).default(30),
      maxQuestionLength: z.number().int().min(10).max(8000).default(2000),
      /** Earlier messages of the conversation sent along with a question to the OpenAI-compatible provider. */
      historyMessages: z.number().int().min(0).max(50).default(10),
    })
    .prefault({}),
  /** The terms of service page (`/termsService`) as plain text, paragraphs split by blank lines. */
  termsOfService: z.string().max(50_000).default(''),
  /**
   * Third-party login providers (OAuth 2 authorization code with PKCE). Each provider's client secret is kept by
   * identity in its private store (`PUT /api/identity/oauth/providers/:id/secret`), never in settings or events.
   * With none enabled, development and demo sites offer the built-in `sandbox` provider.
   */
  oauthProviders: z
    .array(
      z.strictObject({
        id: z.string().regex(/^[a-z][a-z0-9-]{1,29}$/),
        name: z.string().min(1).max(30),
        enabled: z.boolean().default(true),
        authorizeUrl: z.url({ protocol: /^https?$/ }),
        tokenUrl: z.url({ protocol: /^https?$/ }),
        userInfoUrl: z.url({ protocol: /^https?$/ }),
        clientId: z.string().min(1).max(200),
        scope: z.string().max(200).default(''),
        /** Where the provider's user info keeps the stable account id and the display name (dotted paths). */
        idField: z.string().min(1).max(60).default('id'),
        nicknameField: z.string().min(1).max(60).default('nickname'),
      }),
    )
    .max(10)
    .refine((providers) => new Set(providers.map((provider) => provider.id)).size === providers.length)
    .default([]),
});

export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export const DEFAULT_SITE_SETTINGS: SiteSettings = siteSettingsSchema.parse({});
