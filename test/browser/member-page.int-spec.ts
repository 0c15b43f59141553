import type { Locator, Page } from 'playwright-core';
import { eventually } from '@forum/testing';
import { testTag } from '../../services/forum/src/tags/tag.fixture';
import { browserSuite, horizontalOverflow, registerMember } from './harness';

interface Member {
  id: string;
  nickname: string;
  accessToken: string;
  refreshToken: string;
}

/** What each language shows, by the member site's own texts. */
const TEXTS = {
  en: {
    locale: 'en-US',
    language: 'en_US',
    follow: (name: string) => `Follow ${name}`,
    unfollow: (name: string) => `Unfollow ${name}`,
    message: (name: string) => `Send ${name} a private message`,
    chatWith: (name: string) => `Conversation with ${name}`,
    send: 'Send',
    followedYou: (name: string) => `${name} followed you`,
    followers: 'Followers',
    openPage: 'View page',
  },
  zh: {
    locale: 'zh-CN',
    language: 'zh_CN',
    follow: (name: string) => `关注 ${name}`,
    unfollow: (name: string) => `取消关注 ${name}`,
    message: (name: string) => `给 ${name} 发私信`,
    chatWith: (name: string) => `与 ${name} 的对话`,
    send: '发送',
    followedYou: (name: string) => `${name} 关注了你`,
    followers: '我的粉丝',
    openPage: '查看主页',
  },
};

/** A member's page takes a few requests after the route's chunk; a starved host has needed far more than 5 s. */
const BOOT_MS = 30_000;

/**
 * Issue 19: from a thread, B clicks the author's name, lands on A's member page, follows A (the button turns to
 * "unfollow" and A's follower count goes up), opens the chat from the page's "message" button and sends a
 * message, and the chat names A; A's reminders and follower list show B. In zh at 375 px (nothing scrolls
 * sideways) and in en.
 */
describe('member page in Chromium', () => {
  const suite = browserSuite(['web-member']);

  async function postTopic(author: Member): Promise<string> {
    const posted = await suite.app.client
      .as(author.id)
      .post<{ topicId: string; visible: boolean }>('/api/forum/topics', {
        title: `Meet ${author.nickname}`,
        tagIds: [await testTag(suite.app.client)],
        content: '<p>Hello, I am new here.</p>',
      });
    expect(posted).toMatchObject({ status: 201, body: { visible: true } });
    return posted.body.topicId;
  }

  async function comment(author: Member, topicId: string, content: string): Promise<void> {
    const posted = await suite.app.client
      .as(author.id)
      .post<{ visible: boolean }>(`/api/forum/topics/${topicId}/comments`, { content: `<p>${content}</p>` });
    expect(posted).toMatchObject({ status: 201, body: { visible: true } });
  }

  const countOf = (page: Page, key: string) => page.locator(`[data-count="${key}"] dd`);
  const cardCountOf = (card: Locator, key: string) => card.locator(`[data-count="${key}"] strong`);

  for (const language of ['zh', 'en'] as const) {
    const text = TEXTS[language];
    let a: Member;
    let b: Member;
    let topicId: string;

    suite.test(
      `${language}: B follows and messages the author of a thread from the author's page`,
      () => ({
        locale: text.locale,
        ...(language === 'zh' ? { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } : {}),
        localStorage: { language: text.language, accessToken: b.accessToken, refreshToken: b.refreshToken },
      }),
      async ({ page, newPage }) => {
        await page.goto(`/thread?topicId=${topicId}`);
        const byline = page.locator('.author-name__link', { hasText: a.nickname }).first();
        await byline.waitFor({ timeout: BOOT_MS });
        await byline.click();
        await page.waitForURL(`**/user/${a.id}`);
        await page.getByRole('heading', { level: 1, name: a.nickname }).waitFor({ timeout: BOOT_MS });
        await expectText(countOf(page, 'followers'), '0');
        await expectText(countOf(page, 'topics'), '1');
        if (language === 'zh') expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

        await page.getByRole('button', { name: text.follow(a.nickname), exact: true }).click();
        const unfollow = page.getByRole('button', { name: text.unfollow(a.nickname), exact: true });
        await unfollow.waitFor();
        expect(await unfollow.getAttribute('aria-pressed')).toBe('true');
        await expectText(countOf(page, 'followers'), '1');

        await page.getByRole('link', { name: text.message(a.nickname) }).click();
        await page.getByRole('heading', { level: 1, name: text.chatWith(a.nickname) }).waitFor({ timeout: BOOT_MS });
        expect(await page.locator('.chat-partner .author-name__link').getAttribute('href')).toBe(`/user/${a.id}`);
        await page.locator('.chat-form textarea').fill(`Hi ${a.nickname}, nice topic.`);
        await page.getByRole('button', { name: text.send, exact: true }).click();
        await page.locator('.chat__content', { hasText: `Hi ${a.nickname}, nice topic.` }).waitFor();
        if (language === 'zh') expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

        // A sees B among the reminders ("B followed you", B's name leading to B's page) and the followers.
        const aPage = await newPage({
          locale: text.locale,
          localStorage: { language: text.language, accessToken: a.accessToken, refreshToken: a.refreshToken },
        });
        await aPage.goto('/user/control/remindList');
        const reminder = aPage.locator('.message-list__row', { hasText: text.followedYou(b.nickname) });
        await reminder.waitFor({ timeout: BOOT_MS });
        expect(await reminder.locator('.author-name__link').getAttribute('href')).toBe(`/user/${b.id}`);
        await aPage.goto('/user/control/followerList');
        await aPage
          .getByRole('list', { name: text.followers })
          .getByRole('link', { name: b.nickname })
          .waitFor({ timeout: BOOT_MS });
      },
      120_000,
    );

    // The member card: B reaches a commenter (C) from the thread without leaving it — by hovering C's name on a
    // desktop (en), by tapping it on a phone (zh, 375 px); B follows C from the card, Escape closes it.
    suite.test(
      `${language}: the member card of a comment's author, and following from it`,
      () => ({
        locale: text.locale,
        ...(language === 'zh' ? { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } : {}),
        localStorage: { language: text.language, accessToken: b.accessToken, refreshToken: b.refreshToken },
      }),
      async ({ page }) => {
        const c = await registerMember(suite.app, `mpc${language}`);
        await comment(c, topicId, `A comment by ${c.nickname}`);
        await page.goto(`/thread?topicId=${topicId}`);
        const name = page.locator('.author-name__link', { hasText: c.nickname }).first();
        await name.waitFor({ timeout: BOOT_MS });
        if (language === 'zh') await name.tap();
        else await name.hover();

        const card = page.getByRole('dialog', { name: c.nickname });
        await card.waitFor({ timeout: BOOT_MS });
        // A first tap shows the card; it does not leave the thread.
        expect(new URL(page.url()).pathname).toBe('/thread');
        await expectText(cardCountOf(card, 'followers'), '0');
        await expectText(cardCountOf(card, 'topics'), '0');
        expect(await card.getByRole('link', { name: text.openPage }).getAttribute('href')).toBe(`/user/${c.id}`);
        if (language === 'zh') {
          // On a phone the card is a sheet inside the screen, and nothing scrolls sideways.
          const box = await card.boundingBox();
          expect(box && box.x >= 0 && box.x + box.width <= 375 && box.y + box.height <= 812).toBe(true);
          expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        }

        await card.getByRole('button', { name: text.follow(c.nickname), exact: true }).click();
        const unfollow = card.getByRole('button', { name: text.unfollow(c.nickname), exact: true });
        await unfollow.waitFor();
        expect(await unfollow.getAttribute('aria-pressed')).toBe('true');
        await expectText(cardCountOf(card, 'followers'), '1');

        if (language === 'zh') {
          await card.getByRole('link', { name: text.openPage }).tap();
          await page.waitForURL(`**/user/${c.id}`);
          // The page knows the follow the card made.
          await page
            .getByRole('button', { name: text.unfollow(c.nickname), exact: true })
            .waitFor({ timeout: BOOT_MS });
        } else {
          await page.keyboard.press('Escape');
          await card.waitFor({ state: 'detached' });
          // Keyboard: focus on the name shows the card again, Escape closes it.
          await name.focus();
          await card.waitFor();
          await page.keyboard.press('Escape');
          await card.waitFor({ state: 'detached' });
          expect(await page.locator('.author-name__link:focus').textContent()).toBe(c.nickname);
        }
      },
      120_000,
    );

    beforeAll(async () => {
      a = await registerMember(suite.app, `mpa${language}`);
      b = await registerMember(suite.app, `mpb${language}`);
      topicId = await postTopic(a);
    }, 60_000);
  }

  async function expectText(locator: Locator, expected: string) {
    await eventually(async () => expect(await locator.textContent()).toBe(expected), { timeoutMs: 15_000 });
  }
});
