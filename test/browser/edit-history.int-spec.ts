import { testTag } from '../../services/forum/src/tags/tag.fixture';
import { browserSuite, registerMember } from './harness';
import type { RegisteredMember } from './harness';

/**
 * Edit history on the topic page (docs/rules/forum.md, edit history; ADR 32): the "edited" mark opens the versions
 * with the words changed, and a paid block edited between them stays out of the page for a reader who did not pay.
 */
const texts = {
  en: {
    visit: { locale: 'en-US', language: 'en_US' },
    edited: /^Edited /,
    dialog: 'Edit history',
    changes: 'Changes from version 1',
    first: 'Version 1',
    original: 'The original text.',
    locked: '🔒 Hidden content',
    close: 'Close',
  },
  zh: {
    visit: { locale: 'zh-CN', language: 'zh_CN' },
    edited: /^编辑于 /,
    dialog: '编辑历史',
    changes: '与第 1 版相比的改动',
    first: '第 1 版',
    original: '原始内容。',
    locked: '🔒 隐藏内容',
    close: '关闭',
  },
} as const;

describe('edit history on /thread in Chromium', () => {
  const suite = browserSuite(['web-member']);
  const paid = [`PAID-ONE-${Date.now()}`, `PAID-TWO-${Date.now()}`];
  let topicId: string;
  let reader: RegisteredMember;

  beforeAll(async () => {
    const author = await registerMember(suite.app, 'historyauthor');
    reader = await registerMember(suite.app, 'historyreader');
    const client = suite.app.client.as(author.id);
    const tagId = await testTag(suite.app.client);
    const posted = await client.post<{ topicId: string; visible: boolean }>('/api/forum/topics', {
      title: 'Saturday walk',
      tagIds: [tagId],
      content: `<p>We walk on Saturday at eight.</p><hide type="40" value="5"><p>${paid[0]}</p></hide>`,
    });
    expect(posted).toMatchObject({ status: 201, body: { visible: true } });
    topicId = posted.body.topicId;
    const stored = await client.get<{ hiddenBlocks: { id: string }[] }>(`/api/forum/topics/${topicId}`);
    const blockId = stored.body.hiddenBlocks[0]!.id;
    const edited = await client.request<{ visible: boolean }>('PATCH', `/api/forum/topics/${topicId}`, {
      title: 'Sunday walk',
      tagIds: [tagId],
      content: `<p>We walk on Sunday at nine.</p><hide type="40" value="5" data-block-id="${blockId}"><p>${paid[1]}</p></hide>`,
    });
    expect(edited).toMatchObject({ status: 200, body: { visible: true } });
  }, 60_000);

  for (const language of ['en', 'zh'] as const) {
    const say = texts[language];
    suite.test(
      `${language}: the edited mark opens a word diff; the unpaid block stays a placeholder in both versions`,
      () => ({
        locale: say.visit.locale,
        localStorage: {
          language: say.visit.language,
          // The English reader is a member who did not pay; the Chinese one a visitor.
          ...(language === 'en' ? { accessToken: reader.accessToken, refreshToken: reader.refreshToken } : {}),
        },
      }),
      async ({ page }) => {
        await page.goto(`/thread?topicId=${topicId}`);
        await page.getByRole('heading', { name: 'Sunday walk' }).waitFor();
        await page.getByRole('button', { name: say.edited }).click();
        const dialog = page.getByRole('dialog', { name: say.dialog });
        await dialog.getByText(say.changes).waitFor();
        expect(await dialog.locator('.revisions__text del').allTextContents()).toEqual(['Saturday', 'eight']);
        expect(await dialog.locator('.revisions__text ins').allTextContents()).toEqual(['Sunday', 'nine']);
        expect(await dialog.locator('.revisions__title del').allTextContents()).toEqual(['Saturday']);
        // The paid block is the same block in both versions: a placeholder, neither added nor removed.
        expect(await dialog.locator('.revisions__block--locked').allTextContents()).toEqual([say.locked]);
        await dialog.getByRole('button', { name: new RegExp(`^${say.first}`) }).click();
        await dialog.getByText(say.original).waitFor();
        expect(await dialog.locator('.revisions__text').textContent()).toContain('We walk on Saturday at eight.');
        expect(await dialog.locator('.revisions__block--locked').allTextContents()).toEqual([say.locked]);
        for (const marker of paid) expect(await page.content()).not.toContain(marker);
        await dialog.getByRole('button', { name: say.close }).click();
        expect(await page.getByRole('dialog').count()).toBe(0);
      },
    );
  }
});
