import type { ConsoleMessage, Page } from 'playwright-core';
import { eventually, staffAccount } from '@forum/testing';
import { QaModule } from '../../services/qa/src/qa.module';
import { testTag } from '../../services/forum/src/tags/tag.fixture';
import { browserSuite, registerMember, type RegisteredMember } from './harness';

/**
 * Issue 20, server rendering (ADR 34): the public pages arrive as HTML that a browser without JavaScript (a
 * crawler, a link preview) can read — a topic with its first comments, a question with its answers, the lists
 * and the help pages — rendered as a visitor (hidden blocks locked, no password); with JavaScript the same markup
 * is hydrated without a mismatch, and a signed-in member then gets their own view.
 */
describe('server-rendered public pages', () => {
  const suite = browserSuite(['web-member']);
  const stamp = Date.now().toString(36);
  const marker = `SSR-HIDDEN-${stamp}`;
  const password = `ssr-pass-${stamp}`;
  const answerMarker = `SSR-ANSWER-HIDDEN-${stamp}`;
  let author: RegisteredMember;
  let reader: RegisteredMember;
  let topicId: string;
  let topicTitle: string;
  let questionId: string;
  let questionTitle: string;

  beforeAll(async () => {
    author = await registerMember(suite.app, 'ssrauthor');
    reader = await registerMember(suite.app, 'ssrreader');
    topicTitle = `Server rendered topic ${stamp}`;
    const posted = await suite.app.client
      .as(author.id)
      .post<{ topicId: string; visible: boolean }>('/api/forum/topics', {
        title: topicTitle,
        tagIds: [await testTag(suite.app.client)],
        content:
          `<p>The opening words of the topic.</p><hide type="10" value="${password}"><p>${marker}</p></hide>` +
          `<hide type="40" value="30"><p>${marker}-points</p></hide><p>The closing words.</p>`,
      });
    expect(posted).toMatchObject({ status: 201, body: { visible: true } });
    topicId = posted.body.topicId;
    for (const text of ['First comment from the reader', 'Second comment from the reader']) {
      const comment = await suite.app.client
        .as(reader.id)
        .post(`/api/forum/topics/${topicId}/comments`, { content: `<p>${text}</p>` });
      expect(comment.status).toBe(201);
    }

    const staffId = await staffAccount(suite.app.app, `ssr_staff_${stamp}`, { contexts: [QaModule] });
    const tag = await suite.app.client
      .as(staffId, 'staff')
      .post<{ tagId: string }>('/api/qa/tags', { name: `SSR ${stamp}`, parentId: null });
    expect(tag.status).toBe(201);
    questionTitle = `How is a question rendered ${stamp}`;
    await eventually(async () => {
      const asked = await suite.app.client.as(author.id).post<{ questionId: string }>('/api/qa/questions', {
        title: questionTitle,
        content: '<p>The question asks about server rendering.</p>',
        tagIds: [tag.body.tagId],
      });
      expect(asked.status).toBe(201);
      questionId = asked.body.questionId;
    });
    await eventually(async () => {
      const answered = await suite.app.client.as(reader.id).post(`/api/qa/questions/${questionId}/answers`, {
        content: `<p>An answer rendered by the server.</p><hide type="10" value="${password}"><p>${answerMarker}</p></hide>`,
      });
      expect(answered.status).toBe(201);
    });
  }, 120_000);

  /** React's hydration complaints (production builds log them minified: #418, #423, #425). */
  const hydrationErrors = (page: Page) => {
    const errors: string[] = [];
    page.on('console', (message: ConsoleMessage) => {
      const text = message.text();
      if (message.type() === 'error' && /hydrat|#418|#419|#423|#425/i.test(text)) errors.push(text);
    });
    page.on('pageerror', (error) => {
      if (/hydrat|#418|#419|#423|#425/i.test(error.message)) errors.push(error.message);
    });
    return errors;
  };

  /**
   * Remembers the server's heading before the app's script runs: hydration keeps that very element, a fresh
   * client render (the fallback when the browser would render differently) replaces it.
   */
  const markServerHeading = (page: Page) =>
    page.addInitScript({
      content: `document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') window.ssrHeading = document.querySelector('main h1');
      });`,
    });
  const serverHeadingKept = (page: Page) => page.evaluate<boolean>('Boolean(window.ssrHeading?.isConnected)');

  suite.test(
    'without JavaScript: a topic, its content and first comments; hidden blocks locked',
    { javaScriptEnabled: false },
    async ({ page }) => {
      const response = await page.goto(`/thread?topicId=${topicId}`);
      expect(response?.status()).toBe(200);
      await page.getByRole('heading', { name: topicTitle }).waitFor();
      await page.getByText('The opening words of the topic.').waitFor();
      await page.getByText('The closing words.').waitFor();
      await page.getByText('First comment from the reader').waitFor();
      await page.getByText('Second comment from the reader').waitFor();
      const html = await page.content();
      expect(html).not.toContain(marker);
      expect(html).not.toContain(password);
      // The browser hydrates from a JSON data block, never a script that runs (the CSP allows none inline).
      expect(html).toContain('<script type="application/json" id="ssr-state">');
    },
  );

  suite.test('without JavaScript: a question and its answers', { javaScriptEnabled: false }, async ({ page }) => {
    await page.goto(`/question?questionId=${questionId}`);
    await page.getByRole('heading', { name: questionTitle }).waitFor();
    await page.getByText('The question asks about server rendering.').waitFor();
    await page.getByText('An answer rendered by the server.').waitFor();
    const html = await page.content();
    expect(html).not.toContain(answerMarker);
    expect(html).not.toContain(password);
  });

  suite.test(
    'without JavaScript: the topic list, the question list and the help pages',
    { javaScriptEnabled: false },
    async ({ page }) => {
      await page.goto('/');
      await page.getByRole('link', { name: topicTitle }).waitFor();
      await page.goto('/askList');
      await page.getByRole('link', { name: questionTitle }).waitFor();
      for (const path of ['/help', '/termsService']) {
        await page.goto(path);
        await page.locator('main h1').waitFor();
      }
      await page.goto(`/user/${author.id}`);
      await page.getByRole('heading', { name: author.nickname }).waitFor();
    },
  );

  suite.test('with JavaScript: the topic page hydrates without a mismatch and keeps working', {}, async ({ page }) => {
    const errors = hydrationErrors(page);
    await markServerHeading(page);
    await page.goto(`/thread?topicId=${topicId}&lang=en`);
    await page.getByText('Second comment from the reader').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await serverHeadingKept(page)).toBe(true);
    // Interactive: a client-side navigation from the hydrated header.
    await page.getByRole('link', { name: 'Questions', exact: true }).first().click();
    await page.getByRole('link', { name: questionTitle }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: topicTitle }).waitFor();
    expect(errors).toEqual([]);
  });

  suite.test('with JavaScript: the question page hydrates without a mismatch', {}, async ({ page }) => {
    const errors = hydrationErrors(page);
    await markServerHeading(page);
    await page.goto(`/question?questionId=${questionId}`);
    await page.getByText('An answer rendered by the server.').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await serverHeadingKept(page)).toBe(true);
    expect(errors).toEqual([]);
  });

  suite.test(
    'a browser that chose another language renders afresh over the server markup, without a mismatch',
    { localStorage: { language: 'en_US' } },
    async ({ page }) => {
      const errors = hydrationErrors(page);
      await markServerHeading(page);
      // No `?lang=`: the server renders in the site's default language (Chinese), the visitor chose English.
      await page.goto(`/thread?topicId=${topicId}`);
      await page.getByRole('heading', { name: 'Write a comment' }).waitFor();
      await page.getByText('Second comment from the reader').waitFor();
      expect(await serverHeadingKept(page)).toBe(false);
      expect(errors).toEqual([]);
    },
  );

  // A reader in another time zone than the server's (ADR 37): the markup is hydrated with the server's dates, kept,
  // and the dates then read in the reader's zone.
  const serverZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const readerZone = serverZone === 'Asia/Shanghai' ? 'America/New_York' : 'Asia/Shanghai';
  suite.test(
    "a browser in another time zone keeps the server's markup and shows its own time",
    { timezoneId: readerZone, locale: 'zh-CN' },
    async ({ page }) => {
      const errors = hydrationErrors(page);
      await markServerHeading(page);
      await page.goto(`/thread?topicId=${topicId}`);
      const posted = page.locator('li.comment time').first();
      await posted.waitFor();
      const iso = (await posted.getAttribute('datetime'))!;
      const inZone = (timeZone: string) =>
        new Intl.DateTimeFormat('zh-CN', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));
      expect(inZone(readerZone)).not.toBe(inZone(serverZone));
      await eventually(async () => expect(await posted.textContent()).toBe(inZone(readerZone)));
      await page.waitForLoadState('networkidle');
      expect(await serverHeadingKept(page)).toBe(true);
      expect(errors).toEqual([]);
    },
  );

  suite.test(
    'a signed-in member gets their own view after the visitor render (their menu, the comment form)',
    () => ({ localStorage: { accessToken: reader.accessToken, refreshToken: reader.refreshToken } }),
    async ({ page }) => {
      const errors = hydrationErrors(page);
      await page.goto(`/thread?topicId=${topicId}&lang=en`);
      // The comment form is the member's; the visitor's render had a "log in to comment" link in its place.
      await page.locator('.comment-composer form').first().waitFor();
      expect(await page.locator('.comment-composer a[href^="/login"]').count()).toBe(0);
      expect(errors).toEqual([]);
    },
  );
});
