import { testTag } from '../../services/forum/src/tags/tag.fixture';
import { browserSuite, registerMember } from './harness';
import type { RegisteredMember } from './harness';

/**
 * Polls in Chromium (docs/rules/forum.md, polls), in English and Chinese: the author adds a poll in the topic
 * editor and publishes; another member opens the topic, sees the choices without counts, votes, and then sees the
 * counts with their own choice marked.
 */
const texts = {
  en: {
    visit: { locale: 'en-US', language: 'en_US' },
    title: 'Title',
    content: 'Content',
    publish: 'Publish',
    attach: 'Add a poll',
    question: 'Poll question',
    option: (n: number) => `Option ${n}`,
    addOption: 'Add an option',
    vote: 'Vote',
    before: 'The results are shown once you have voted, or when the poll closes.',
    mine: '(your choice)',
    votes: '1 vote · 100%',
    none: '0 votes · 0%',
    voters: '1 member voted.',
    options: ['Tea', 'Coffee', 'Water'],
  },
  zh: {
    visit: { locale: 'zh-CN', language: 'zh_CN' },
    title: '标题',
    content: '内容',
    publish: '发表',
    attach: '添加投票',
    question: '投票问题',
    option: (n: number) => `选项 ${n}`,
    addOption: '添加选项',
    vote: '投票',
    before: '投票后或投票结束时即可查看结果。',
    mine: '（你的选择）',
    votes: '1 票 · 100%',
    none: '0 票 · 0%',
    voters: '共 1 人参与投票。',
    options: ['茶', '咖啡', '白开水'],
  },
} as const;

describe('polls in Chromium', () => {
  const suite = browserSuite(['web-member']);
  const tagName = 'Polls';
  const authors: Partial<Record<'en' | 'zh', RegisteredMember>> = {};
  const voters: Partial<Record<'en' | 'zh', RegisteredMember>> = {};

  beforeAll(async () => {
    await testTag(suite.app.client, tagName);
    for (const language of ['en', 'zh'] as const) {
      authors[language] = await registerMember(suite.app, `poll${language}`);
      voters[language] = await registerMember(suite.app, `voter${language}`);
    }
  }, 120_000);

  const visit = (language: 'en' | 'zh', member: RegisteredMember) => ({
    locale: texts[language].visit.locale,
    localStorage: {
      language: texts[language].visit.language,
      accessToken: member.accessToken,
      refreshToken: member.refreshToken,
    },
  });

  for (const language of ['en', 'zh'] as const) {
    const say = texts[language];

    suite.test(
      `${language}: the author adds a poll in the editor; another member votes on the topic and sees the results`,
      () => visit(language, authors[language]!),
      async ({ page, newPage }) => {
        const title = `Poll ${language} ${Date.now()}`;
        const question = `${say.options.join(' / ')}? ${Date.now()}`;
        await page.goto('/addTopic');
        await page.getByLabel(say.title, { exact: true }).waitFor({ timeout: 30_000 });
        await page.getByLabel(say.title, { exact: true }).fill(title);
        await page.getByRole('checkbox', { name: tagName }).check();
        await page.getByRole('textbox', { name: say.content }).click();
        await page.keyboard.type('What do you drink in the morning?');
        await page.getByRole('checkbox', { name: say.attach }).check();
        await page.getByLabel(say.question, { exact: true }).fill(question);
        await page.getByLabel(say.option(1), { exact: true }).fill(say.options[0]);
        await page.getByLabel(say.option(2), { exact: true }).fill(say.options[1]);
        await page.getByRole('button', { name: say.addOption }).click();
        await page.getByLabel(say.option(3), { exact: true }).fill(say.options[2]);
        await page.getByRole('button', { name: say.publish, exact: true }).click();
        await page.waitForURL((url) => url.pathname === '/thread');
        await page.getByRole('heading', { name: title }).waitFor();
        // The author has not voted: the choices, no counts.
        const own = page.locator('section.poll-card');
        await own.getByRole('heading', { name: question }).waitFor();
        await own.getByText(say.before).waitFor();
        expect(await own.getByRole('radio').count()).toBe(3);
        const topicUrl = page.url();

        const other = await newPage(visit(language, voters[language]!));
        await other.goto(topicUrl);
        const card = other.locator('section.poll-card');
        await card.getByRole('heading', { name: question }).waitFor({ timeout: 30_000 });
        expect(await card.getByText(say.votes).count()).toBe(0);
        await card.getByRole('radio', { name: say.options[1] }).check();
        await card.getByRole('button', { name: say.vote, exact: true }).click();
        const results = card.getByRole('list');
        await results.getByRole('listitem').filter({ hasText: say.options[1] }).getByText(say.mine).waitFor();
        await results.getByRole('listitem').filter({ hasText: say.options[1] }).getByText(say.votes).waitFor();
        await results.getByRole('listitem').filter({ hasText: say.options[0] }).getByText(say.none).waitFor();
        await card.getByText(say.voters).waitFor();
        expect(await card.getByRole('button', { name: say.vote, exact: true }).count()).toBe(0);

        // The counts stay after a reload: they are the server's, for a member who voted.
        await other.reload();
        await other.locator('section.poll-card').getByText(say.voters).waitFor({ timeout: 30_000 });
      },
      180_000,
    );
  }
});
