import { CommandBus } from '@nestjs/cqrs';
import { newId } from '@forum/contracts';
import { PermissionChecker } from '@forum/platform';
import { eventually } from '@forum/testing';
import { RegisterMemberCommand } from '../../services/identity/src/accounts/commands';
import { ForumModule } from '../../services/forum/src/forum.module';
import { testTag } from '../../services/forum/src/tags/tag.fixture';
import { browserSuite, registerMember } from './harness';

/**
 * The member site's topic page against the real forum: a password-protected block stays out of the page until
 * the reader unlocks it, and unlocking reveals it in place (no reload).
 */
const texts = {
  en: {
    visit: { locale: 'en-US', language: 'en_US' },
    prompt: 'This content is protected by a password.',
    password: 'Password',
    unlock: 'Unlock',
    confirm: 'Unlock this content with the password you entered?',
    ok: 'OK',
    visitorLogin: 'Log in to unlock it.',
  },
  zh: {
    visit: { locale: 'zh-CN', language: 'zh_CN' },
    prompt: '此内容受密码保护。',
    password: '密码',
    unlock: '解锁',
    confirm: '确定用输入的密码解锁此内容吗？',
    ok: '确定',
    visitorLogin: '请登录后解锁。',
  },
} as const;

describe('topic page (/thread) in Chromium', () => {
  const suite = browserSuite(['web-member']);
  const marker = `TREASURE-${Date.now()}`;
  let topicId: string;
  const sessions: Partial<Record<'en' | 'zh', { accessToken: string; refreshToken: string }>> = {};

  beforeAll(async () => {
    const posted = await suite.app.client
      .as('forum-thread-staff', 'staff')
      .post<{ topicId: string; visible: boolean }>('/api/forum/topics', {
        title: `Hidden treasure ${Date.now()}`,
        tagIds: [await testTag(suite.app.client)],
        content: `<p>Read on.</p><hide type="10" value="open-sesame"><p>${marker}</p></hide><p>The end.</p>`,
      });
    expect(posted).toMatchObject({ status: 201, body: { visible: true } });
    topicId = posted.body.topicId;

    // One reader per language: an unlock is kept, so each test needs a reader who has not unlocked yet.
    for (const language of ['en', 'zh'] as const)
      sessions[language] = await registerMember(suite.app, `reader${language}`);
  }, 60_000);

  for (const language of ['en', 'zh'] as const) {
    const say = texts[language];

    suite.test(
      `${language}: a member unlocks a password block and it appears without a reload`,
      () => ({ locale: say.visit.locale, localStorage: { language: say.visit.language, ...sessions[language] } }),
      async ({ page }) => {
        await page.goto(`/thread?topicId=${topicId}`);
        await page.getByText(say.prompt).waitFor();
        expect(await page.content()).not.toContain(marker);
        await page.evaluate(() => ((globalThis as unknown as { stillHere: boolean }).stillHere = true));

        await page.getByLabel(say.password, { exact: true }).fill('wrong guess');
        await page.getByRole('button', { name: say.unlock, exact: true }).click();
        await page.getByRole('group', { name: say.confirm }).getByRole('button', { name: say.ok }).click();
        await page.locator('.locked-block [role="alert"]').waitFor();
        expect(await page.content()).not.toContain(marker);

        await page.getByLabel(say.password, { exact: true }).fill('open-sesame');
        await page.getByRole('button', { name: say.unlock, exact: true }).click();
        await page.getByRole('group', { name: say.confirm }).getByRole('button', { name: say.ok }).click();
        await page.getByText(marker).waitFor();
        expect(await page.getByText(say.prompt).count()).toBe(0);
        expect(await page.evaluate(() => (globalThis as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
      },
      60_000,
    );

    suite.test(
      `${language}: a visitor is asked to log in and never receives the block`,
      { locale: say.visit.locale, localStorage: { language: say.visit.language } },
      async ({ page }) => {
        await page.goto(`/thread?topicId=${topicId}`);
        await page.getByText(say.prompt).waitFor();
        await page.getByRole('link', { name: say.visitorLogin }).waitFor();
        expect(await page.content()).not.toContain(marker);
      },
    );
  }
});

describe('writing on the forum in Chromium', () => {
  const suite = browserSuite(['web-member']);
  let topicId: string;
  let tagName: string;
  let session: { accessToken: string; refreshToken: string };

  beforeAll(async () => {
    tagName = 'General';
    const posted = await suite.app.client
      .as('forum-writing-staff', 'staff')
      .post<{ topicId: string; visible: boolean }>('/api/forum/topics', {
        title: `Talk to me ${Date.now()}`,
        tagIds: [await testTag(suite.app.client, tagName)],
        content: '<p>Say something.</p>',
      });
    expect(posted).toMatchObject({ status: 201, body: { visible: true } });
    topicId = posted.body.topicId;
    const account = `writer${Date.now().toString(36)}`;
    const registered = (await suite.app.app.get(CommandBus).execute(
      new RegisterMemberCommand(
        {
          account,
          nickname: account,
          password: 'writer-password',
          confirmPassword: 'writer-password',
          agreeTerms: true,
        },
        { actor: { kind: 'system', id: null, ip: '127.0.0.1' }, now: new Date(), correlationId: newId() },
        'member',
        true,
      ),
    )) as { accessToken: string; refreshToken: string; systemUser: { id: string } };
    const checker = suite.app.app.select(ForumModule).get(PermissionChecker);
    await eventually(async () =>
      expect(await checker.can({ kind: 'member', id: registered.systemUser.id }, 'topic.view')).toBe(true),
    );
    session = { accessToken: registered.accessToken, refreshToken: registered.refreshToken };
  }, 60_000);

  suite.test(
    'en: a member comments, replies to the comment and likes the topic',
    () => ({ locale: 'en-US', localStorage: { language: 'en_US', ...session } }),
    async ({ page }) => {
      await page.goto(`/thread?topicId=${topicId}`);
      await page.getByText('Say something.').waitFor();
      await page.getByRole('button', { name: 'Post comment' }).click();
      await page.getByText('Write something first.').waitFor();
      await page.getByLabel('Comment', { exact: true }).fill('First!');
      await page.getByRole('button', { name: 'Post comment' }).click();
      const comment = page.locator('li.comment').filter({ hasText: 'First!' });
      await comment.waitFor();
      await comment.getByRole('button', { name: 'Reply', exact: true }).click();
      await comment.getByRole('textbox').fill('Answering myself');
      await comment.getByRole('button', { name: 'Post reply' }).click();
      await comment.locator('li.reply').filter({ hasText: 'Answering myself' }).waitFor();

      const topic = page.getByRole('article');
      await topic.getByRole('button', { name: 'Like · 0' }).click();
      await topic.getByRole('button', { name: 'Unlike · 1' }).waitFor();
    },
    60_000,
  );

  suite.test(
    'en: a member posts a topic with a hidden block from the rich editor',
    () => ({ locale: 'en-US', localStorage: { language: 'en_US', ...session } }),
    async ({ page }) => {
      const title = `From the editor ${Date.now()}`;
      await page.goto('/addTopic');
      await page.getByLabel('Title', { exact: true }).fill(title);
      await page.getByRole('checkbox', { name: tagName }).check();
      const editor = page.getByRole('textbox', { name: 'Content' });
      await editor.click();
      await page.keyboard.type('Visible words.');
      await page.getByRole('button', { name: 'Insert hidden content' }).click();
      await page.getByLabel('Password', { exact: true }).fill('pw-123');
      await page.getByRole('button', { name: 'Insert', exact: true }).click();
      // Keys typed before the caret is back in the editor are lost: wait for it, as a person would.
      // A selector, not waitForFunction: a string predicate is eval'd in the page, which the CSP refuses.
      await page.locator('[contenteditable="true"]:focus-within').first().waitFor();
      await page.keyboard.type('Only with the password.');
      await page.getByRole('button', { name: 'Publish' }).click();
      await page.waitForURL((url) => url.pathname === '/thread');
      await page.getByRole('heading', { name: title }).waitFor();
      // The author sees the block's content, marked as hidden content.
      await page.getByText('Only with the password.').waitFor();
      await page.getByText('Hidden content (password) — visible to you').waitFor();
    },
    60_000,
  );
  suite.test(
    'en: the control panel lists my topics, comments and likes',
    () => ({ locale: 'en-US', localStorage: { language: 'en_US', ...session } }),
    async ({ page }) => {
      await page.goto('/user/control/topicList');
      const row = page.getByRole('row').filter({ hasText: 'From the editor' });
      await row.waitFor();
      await row.getByRole('link', { name: 'Unlock users' }).click();
      await page.waitForURL(
        (url) => url.pathname === '/user/control/topicUnhideList' && url.search.includes('topicId'),
      );
      await page.getByText('Nothing here yet.').waitFor();
      await page.goto('/user/control/commentList');
      await page.getByRole('cell', { name: 'First!' }).waitFor();
      await page.goto('/user/control/likeList');
      await page.getByRole('row').filter({ hasText: 'Talk to me' }).waitFor();
      await page.goto('/user/control/userDynamicList');
      await page.getByRole('cell', { name: 'Posted a topic' }).first().waitFor();
    },
    60_000,
  );
});
