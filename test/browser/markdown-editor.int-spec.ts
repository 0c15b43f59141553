import { testTag } from '../../services/forum/src/tags/tag.fixture';
import { browserSuite, registerMember } from './harness';
import type { RegisteredMember } from './harness';

/**
 * The editor's Markdown mode in Chromium (ADR 0033): a member switches to Markdown, types, previews (rendered by the
 * server), publishes, and the topic page shows formatted content; the hidden block written in Markdown is open to
 * its author and locked for another member.
 */
const texts = {
  en: {
    visit: { locale: 'en-US', language: 'en_US' },
    title: 'Title',
    content: 'Content',
    markdown: 'Markdown',
    preview: 'Preview',
    write: 'Write',
    publish: 'Publish',
    hideHelp: /:::hide password demo/,
  },
  zh: {
    visit: { locale: 'zh-CN', language: 'zh_CN' },
    title: '标题',
    content: '内容',
    markdown: 'Markdown',
    preview: '预览',
    write: '编写',
    publish: '发表',
    hideHelp: /:::hide 密码 demo/,
  },
} as const;

describe('Markdown in the topic editor (Chromium)', () => {
  const suite = browserSuite(['web-member']);
  const tagName = 'Markdown';
  const authors: Partial<Record<'en' | 'zh', RegisteredMember>> = {};
  let reader: RegisteredMember;

  beforeAll(async () => {
    await testTag(suite.app.client, tagName);
    for (const language of ['en', 'zh'] as const) authors[language] = await registerMember(suite.app, `md${language}`);
    reader = await registerMember(suite.app, 'mdreader');
  }, 60_000);

  for (const language of ['en', 'zh'] as const) {
    const say = texts[language];

    suite.test(
      `${language}: switch to Markdown, type, preview, publish: the topic reads formatted`,
      () => ({
        locale: say.visit.locale,
        localStorage: {
          language: say.visit.language,
          accessToken: authors[language]!.accessToken,
          refreshToken: authors[language]!.refreshToken,
        },
      }),
      async ({ page, newPage }) => {
        const title = `Markdown ${language} ${Date.now()}`;
        const secret = `MD-SECRET-${language}-${Date.now()}`;
        await page.goto('/addTopic');
        await page.getByLabel(say.title, { exact: true }).waitFor({ timeout: 30_000 });
        await page.getByLabel(say.title, { exact: true }).fill(title);
        await page.getByRole('checkbox', { name: tagName }).check();
        await page.getByRole('button', { name: say.markdown, exact: true }).click();
        await page.getByText(say.hideHelp).waitFor();

        const source = page.getByRole('textbox', { name: say.content });
        await source.fill(
          `## Trail notes\n\n- **Water**: 2 l\n- _Start_: 7:00\n\n:::hide comment\n${secret}\n:::\n\n<script>window.__md = 1</script>`,
        );
        await page.getByRole('tab', { name: say.preview }).click();
        const preview = page.getByRole('tabpanel', { name: say.preview });
        await preview.locator('h2', { hasText: 'Trail notes' }).waitFor();
        expect(await preview.locator('li strong').textContent()).toBe('Water');
        // The author's own hidden block is open in the preview, under its label.
        await preview.getByText(secret).waitFor();
        expect(await preview.locator('script').count()).toBe(0);
        await page.getByRole('tab', { name: say.write }).click();

        await page.getByRole('button', { name: say.publish, exact: true }).click();
        await page.waitForURL((url) => url.pathname === '/thread');
        await page.getByRole('heading', { name: title }).waitFor({ timeout: 30_000 });
        const content = page.locator('.rich-content').first();
        await content.locator('h2', { hasText: 'Trail notes' }).waitFor();
        expect(await content.locator('li em').textContent()).toBe('Start');
        expect(await content.textContent()).not.toContain('**');
        await content.getByText(secret).waitFor();
        expect(await page.evaluate(() => (globalThis as unknown as { __md?: number }).__md)).toBeUndefined();

        // Another member reads the formatting, not the hidden block.
        const topicUrl = new URL(page.url());
        const other = await newPage({
          locale: say.visit.locale,
          localStorage: {
            language: say.visit.language,
            accessToken: reader.accessToken,
            refreshToken: reader.refreshToken,
          },
        });
        await other.goto(`${topicUrl.pathname}${topicUrl.search}`);
        await other.locator('.rich-content h2', { hasText: 'Trail notes' }).first().waitFor({ timeout: 30_000 });
        expect(await other.content()).not.toContain(secret);
      },
      // Two sites' worth of page loads and a publish on a shared two-core host.
      180_000,
    );
  }
});
