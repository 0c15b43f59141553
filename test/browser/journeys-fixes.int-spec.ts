import { eventually, staffAccount } from '@forum/testing';
import { ModerationModule } from '../../services/moderation/src/moderation.module';
import { testTag } from '../../services/forum/src/tags/tag.fixture';
import type { Locator } from 'playwright-core';
import { browserSuite, registerMember } from './harness';

/**
 * Journeys members reported broken in the browser (issue 19): the AI assistant crashing the app, a refused comment
 * replacing the topic with "no permission", and the password recovery captcha failing on a correct entry.
 */
const texts = {
  en: {
    visit: { locale: 'en-US', language: 'en_US' },
    assistant: 'AI assistant',
    question: 'Your question',
    send: 'Send',
    newConversation: 'New conversation',
    close: 'Close',
    comment: 'Comment',
    postComment: 'Post comment',
    denied: 'You do not have permission to read this topic.',
    account: 'Account',
    captcha: 'Captcha',
    next: 'Next',
    emailWay: /^Send a code to the email/,
    sendCode: 'Send code',
    emailCode: 'Email verification code',
    newPassword: 'New password',
    title: 'Title',
    content: 'Content',
    insertHide: 'Insert hidden content',
    password: 'Password',
    insert: 'Insert',
    passwordLabel: 'Password: hike2026',
    tooLong: 'At most 150 characters.',
  },
  zh: {
    visit: { locale: 'zh-CN', language: 'zh_CN' },
    assistant: 'AI 助手',
    question: '你的问题',
    send: '发送',
    newConversation: '新会话',
    close: '关闭',
    comment: '评论',
    postComment: '发表评论',
    denied: '你没有阅读此话题的权限。',
    account: '账号',
    captcha: '验证码',
    next: '下一步',
    emailWay: /^发送验证码到邮箱/,
    sendCode: '获取验证码',
    emailCode: '邮箱验证码',
    newPassword: '新密码',
    title: '标题',
    content: '内容',
    insertHide: '插入隐藏内容',
    password: '密码',
    insert: '插入',
    passwordLabel: '密码: hike2026',
    tooLong: '最多 150 个字符。',
  },
} as const;

type Language = keyof typeof texts;
type Session = { accessToken: string; refreshToken: string };

const STAFF_MESSAGE = '评论功能维护中，请稍后再来。';

describe('journeys that broke in the browser (issue 19)', () => {
  const suite = browserSuite(['web-member']);
  const members: Partial<Record<Language, Session & { id: string }>> = {};
  let staffId: string;
  let topicId: string;
  let address = 0;
  /** A client address of its own per flow, so the identity rate limits of one never reach another. */
  const visitor = () => suite.app.client.anonymous().from(`10.19.0.${++address}`);
  const identityDb = () => suite.app.db('identity');

  async function captchaText(captchaKey: string): Promise<string> {
    const stored = await identityDb()
      .collection<{ text: string }>('captchas')
      .findOne({ _id: captchaKey as never });
    if (!stored) throw new Error(`no captcha ${captchaKey}`);
    return stored.text;
  }

  const outbox = () => identityDb().collection<{ target: string; text: string }>('outbox_messages');

  /** The code of the `nth` message (from 1) sent to an address, once it is there. */
  async function codeSentTo(target: string, nth: number): Promise<string> {
    let code: string | undefined;
    await eventually(
      async () => {
        const messages = await outbox().find({ target }).sort({ _id: 1 }).toArray();
        code = /\b(\d{6})\b/.exec(messages[nth - 1]?.text ?? '')?.[1];
        expect(code).toBeDefined();
      },
      { timeoutMs: 20_000 },
    );
    return code!;
  }

  /** A member registered by email, as the site does it: a captcha to send the code, the code to register. */
  async function registerByEmail(email: string): Promise<string> {
    const client = visitor();
    const issued = await client.get<{ captchaKey: string }>('/api/identity/captcha');
    const sent = await client.post('/api/identity/codes', {
      channel: 'email',
      purpose: 'register',
      target: email,
      captchaKey: issued.body.captchaKey,
      captcha: await captchaText(issued.body.captchaKey),
    });
    expect(sent.status).toBe(200);
    const registered = await client.post<{ systemUser: { account: string } }>('/api/identity/register', {
      method: 'email',
      email,
      emailCode: await codeSentTo(email, 1),
      password: 'journey-password',
      confirmPassword: 'journey-password',
      agreeTerms: true,
    });
    expect(registered.status).toBe(201);
    return registered.body.systemUser.account;
  }

  beforeAll(async () => {
    staffId = await staffAccount(suite.app.app, 'journeys_admin', { contexts: [ModerationModule] });
    const posted = await suite.app.client.as(staffId, 'staff').post<{ topicId: string }>('/api/forum/topics', {
      title: `Journeys ${Date.now()}`,
      tagIds: [await testTag(suite.app.client)],
      content: '<p>A topic to comment on.</p>',
    });
    expect(posted.status).toBe(201);
    topicId = posted.body.topicId;
    for (const language of ['en', 'zh'] as const)
      members[language] = await registerMember(suite.app, `journey${language}`);
  }, 90_000);

  for (const language of ['en', 'zh'] as const) {
    const say = texts[language];
    const signedIn = () => {
      const { accessToken, refreshToken } = members[language]!;
      return { locale: say.visit.locale, localStorage: { language: say.visit.language, accessToken, refreshToken } };
    };

    suite.test(
      `${language}: a question to the assistant is answered, and the saved conversation reopens`,
      signedIn,
      async ({ page }) => {
        const question = `How do I post a topic? (${language})`;
        await page.goto('/');
        await page.getByRole('button', { name: say.assistant, exact: true }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel(say.question, { exact: true }).fill(question);
        await dialog.getByRole('button', { name: say.send, exact: true }).click();
        const answer = dialog.locator('.assistant-message--assistant .assistant-markdown');
        await answer.first().waitFor();
        await expectEnabled(dialog.getByRole('button', { name: say.send, exact: true }));

        await dialog.getByRole('button', { name: say.newConversation }).click();
        await dialog.locator('.assistant-message').first().waitFor({ state: 'detached' });
        await dialog.locator('.assistant-dialog__conversation', { hasText: question }).click();
        await dialog.locator('.assistant-message--user', { hasText: question }).waitFor();
        await answer.first().waitFor();
        expect(await page.getByText(say.denied).count()).toBe(0);
      },
      60_000,
    );
  }

  for (const language of ['en', 'zh'] as const) {
    const say = texts[language];
    suite.test(
      `${language}: the editor labels a hidden block in words and keeps a pasted long title whole`,
      () => {
        const { accessToken, refreshToken } = members[language]!;
        return { locale: say.visit.locale, localStorage: { language: say.visit.language, accessToken, refreshToken } };
      },
      async ({ page }) => {
        await page.goto('/addTopic');
        const title = page.getByLabel(say.title, { exact: true });
        await title.fill('长'.repeat(10_000));
        expect(await title.inputValue()).toHaveLength(10_000);
        await page.getByText('10000 / 150').waitFor();
        await page.getByText(say.tooLong).waitFor();

        await page.getByRole('textbox', { name: say.content }).click();
        await page.getByRole('button', { name: say.insertHide }).click();
        await page.getByLabel(say.password, { exact: true }).fill('hike2026');
        await page.getByRole('button', { name: say.insert, exact: true }).click();
        await page.keyboard.type('Inside the block.');
        const block = page.locator('.rich-editor hide');
        expect(await block.locator('.rich-editor__hide-label').textContent()).toBe(say.passwordLabel);
        expect(await block.textContent()).toContain('Inside the block.');
        expect(await page.locator('.rich-editor').textContent()).not.toMatch(/hide \d/);
      },
      60_000,
    );
  }

  describe('with comments switched off by staff', () => {
    const switchComments = async (enabled: boolean) => {
      const changed = await suite.app.client.as(staffId, 'staff').request('PATCH', '/api/moderation/settings', {
        switches: { comments: { enabled, message: enabled ? '' : STAFF_MESSAGE } },
      });
      expect(changed.status).toBe(200);
    };

    beforeAll(async () => {
      await switchComments(false);
      // The forum has the new settings: a member's comment is refused with the staff's message.
      await eventually(async () => {
        const refused = await suite.app.client
          .as(members.en!.id, 'member')
          .post<{ message: string }>(`/api/forum/topics/${topicId}/comments`, { content: '<p>probe</p>' });
        expect([refused.status, refused.body.message]).toEqual([403, STAFF_MESSAGE]);
      });
    }, 60_000);
    afterAll(() => switchComments(true));

    for (const language of ['en', 'zh'] as const) {
      const say = texts[language];
      suite.test(
        `${language}: a refused comment keeps the topic and the typed text, and shows the staff's message`,
        () => {
          const { accessToken, refreshToken } = members[language]!;
          return {
            locale: say.visit.locale,
            localStorage: { language: say.visit.language, accessToken, refreshToken },
          };
        },
        async ({ page }) => {
          const typed = `A thought worth keeping (${language})`;
          await page.goto(`/thread?topicId=${topicId}`);
          const box = page.getByRole('textbox', { name: say.comment, exact: true });
          await box.fill(typed);
          await page.getByRole('button', { name: say.postComment, exact: true }).click();
          await page.getByText(STAFF_MESSAGE).first().waitFor();
          expect(await page.getByText(say.denied).count()).toBe(0);
          expect(await page.getByText('A topic to comment on.').count()).toBe(1);
          expect(await box.inputValue()).toBe(typed);
        },
        60_000,
      );
    }
  });

  describe('password recovery by email', () => {
    const resendAfter = async (resendSeconds: number) => {
      const changed = await suite.app.client
        .as(staffId, 'staff')
        .request('PATCH', '/api/moderation/settings', { verificationCodes: { resendSeconds } });
      expect(changed.status).toBe(200);
    };

    // The member's registration code and their recovery code go to one address within a minute.
    beforeAll(async () => {
      await resendAfter(0);
      await eventually(async () => {
        const client = visitor();
        const issued = await client.get<{ captchaKey: string }>('/api/identity/captcha');
        const sent = await client.post<{ resendAfterSeconds: number }>('/api/identity/codes', {
          channel: 'email',
          purpose: 'register',
          target: `probe-${Date.now().toString(36)}@example.com`,
          captchaKey: issued.body.captchaKey,
          captcha: await captchaText(issued.body.captchaKey),
        });
        expect(sent.body.resendAfterSeconds).toBe(0);
      });
    }, 60_000);
    afterAll(() => resendAfter(60));

    for (const language of ['en', 'zh'] as const) {
      const say = texts[language];
      suite.test(
        `${language}: password recovery by email takes the second step's captcha on the first correct entry`,
        { locale: say.visit.locale, localStorage: { language: say.visit.language } },
        async ({ page }) => {
          const email = `journey-${language}-${Date.now().toString(36)}@example.com`;
          const account = await registerByEmail(email);
          const captchas: string[] = [];
          page.on('response', (response) => {
            if (!new URL(response.url()).pathname.endsWith('/api/identity/captcha') || !response.ok()) return;
            void response.json().then((body: { captchaKey: string }) => captchas.push(body.captchaKey));
          });
          const typeCaptcha = async (seen: number) => {
            await eventually(() => expect(captchas.length).toBeGreaterThan(seen));
            await page.getByLabel(say.captcha, { exact: true }).fill(await captchaText(captchas.at(-1)!));
          };

          await page.goto('/findPassWord/step1');
          await page.getByLabel(say.account, { exact: true }).fill(account);
          await typeCaptcha(0);
          const firstCaptchas = captchas.length;
          await page.getByRole('button', { name: say.next, exact: true }).click();
          await page.getByRole('radio', { name: say.emailWay }).check();
          // The second step's captcha is a new one, never the one the account step spent.
          await typeCaptcha(firstCaptchas);
          await page.getByRole('button', { name: say.sendCode, exact: true }).click();
          await page.getByLabel(say.emailCode, { exact: true }).fill(await codeSentTo(email, 2));
          expect(await page.locator('.field__error').count()).toBe(0);
          await page.getByRole('button', { name: say.next, exact: true }).click();
          await page.getByLabel(say.newPassword, { exact: true }).waitFor();
          expect(new URL(page.url()).pathname).toBe('/findPassWord/step2');
        },
        60_000,
      );
    }
  });
});

async function expectEnabled(locator: Locator): Promise<void> {
  await eventually(async () => expect(await locator.isEnabled()).toBe(true));
}
