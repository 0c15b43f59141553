import type { Page } from 'playwright-core';
import { translateError } from '@forum/contracts';
import { TokenService } from '@forum/platform';
import { eventually, staffAccount } from '@forum/testing';
import { ALL_CONTEXTS } from '../../services/all-in-one/src/contexts';
import { DEMO_ACCOUNTS, seedDemo } from '../../services/all-in-one/src/demo-seed';
import { browserSuite, horizontalOverflow, readLocalStorage } from './harness';
import { testTag } from '../../services/forum/src/tags/tag.fixture';

/** What the staff console says in each language, for the checks below. */
const texts = {
  zh: {
    locale: 'zh-CN',
    language: '语言',
    name: '中文',
    figures: ['会员', '今日发帖', '待处理举报', '发件箱积压', '投影延迟'],
    topics: '话题',
    title: '标题',
  },
  en: {
    locale: 'en-US',
    language: 'Language',
    name: 'English',
    figures: ['Members', 'Posts today', 'Pending reports', 'Outbox backlog', 'Projector lag'],
    topics: 'Topics',
    title: 'Title',
  },
} as const;
type Language = keyof typeof texts;
const other = (language: Language): Language => (language === 'zh' ? 'en' : 'zh');

describe('staff console (web-admin) in Chromium', () => {
  const suite = browserSuite(['web-admin']);
  let topicTitle: string;
  /** An administrator (every staff permission): the console's screens each need their permission. */
  let adminId: string;

  beforeAll(async () => {
    await seedDemo(suite.app.app);
    adminId = await staffAccount(suite.app.app, 'staff_smoke', {
      contexts: ALL_CONTEXTS,
      permission: 'dashboard.read',
    });
    topicTitle = `Staff console smoke ${Date.now()}`;
    const posted = await suite.app.client
      .as('member-admin-smoke', 'staff')
      .post<{ visible: boolean }>('/api/forum/topics', {
        title: topicTitle,
        tagIds: [await testTag(suite.app.client)],
        content: 'Posted through the API for the staff console to list.',
      });
    expect(posted).toMatchObject({ status: 201, body: { visible: true } });
  }, 180_000); // the whole demo seed (every context's) runs first: more than Jest's default minute

  /** A staff session as the console stores it, for a token the app signs (no login needed). */
  const staffSession = () => ({
    staffAccessToken: suite.app.app.get(TokenService).issueAccessToken({ sub: adminId, kind: 'staff' }),
    staffRefreshToken: 'not-used',
  });

  const figure = (page: Page, label: string) =>
    page.getByRole('region', { name: label, exact: true }).locator('[data-figure]');

  for (const language of ['zh', 'en'] as const) {
    const say = texts[language];

    suite.test(
      `${language}: the dashboard shows live figures, and the language can be switched`,
      () => ({ locale: say.locale, localStorage: staffSession() }),
      async ({ page }) => {
        await page.goto('/admin/');
        for (const label of say.figures) await page.getByRole('region', { name: label, exact: true }).waitFor();

        // The member count comes from identity (issue 19: it was "—" until then).
        const [members, postsToday, , outboxBacklog, projectorLag] = say.figures;
        for (const label of [members, outboxBacklog, projectorLag, postsToday]) {
          await eventually(async () => expect(await figure(page, label!).textContent()).toMatch(/^\d[\d,]*$/));
        }

        const target = texts[other(language)];
        await page.getByRole('button', { name: say.language, exact: true }).click();
        await page.getByRole('menuitem', { name: target.name, exact: true }).click();
        for (const label of target.figures) await page.getByRole('region', { name: label, exact: true }).waitFor();
        await page.getByRole('button', { name: target.language, exact: true }).waitFor();
        expect(await readLocalStorage(page, 'adminLanguage')).toBe(other(language));
        expect(await page.getAttribute('html', 'lang')).toMatch(other(language) === 'zh' ? /^zh/ : /^en/);
      },
    );

    suite.test(
      `${language}: the topics list shows a topic posted through the API`,
      () => ({ locale: say.locale, localStorage: staffSession() }),
      async ({ page }) => {
        await page.goto('/admin/');
        await page.getByRole('menuitem', { name: say.topics }).click();
        await page.getByRole('columnheader', { name: say.title }).waitFor();
        await page.getByRole('cell', { name: topicTitle }).waitFor();
        expect(new URL(page.url()).pathname).toBe('/admin/topics');

        // A deep link opens the same page (the server answers index.html for client routes).
        await page.goto('/admin/topics');
        await page.getByRole('cell', { name: topicTitle }).waitFor();
      },
    );
  }

  suite.test(
    'the settings page fits a 1366 px screen: no section scrolls the page sideways (issue 19)',
    () => ({ locale: 'en-US', viewport: { width: 1366, height: 768 }, localStorage: staffSession() }),
    async ({ page }) => {
      await page.goto('/admin/settings');
      const tabs = page.getByRole('tab');
      await tabs.first().waitFor();
      const count = await tabs.count();
      expect(count).toBeGreaterThan(8);
      for (let index = 0; index < count; index++) {
        await tabs.nth(index).click();
        expect(await horizontalOverflow(page)).toBe(0);
      }
    },
  );

  suite.test(
    'signs in through the login form with a staff account; a wrong password shows the server message',
    { locale: 'en-US' },
    async ({ page }) => {
      const { account, password, nickname } = DEMO_ACCOUNTS.staff;
      await page.goto('/admin/');
      await page.waitForURL((url) => url.pathname === '/admin/login');

      await page.getByLabel(/^Username/).fill(account);
      await page.getByLabel(/^Password/).fill('not the password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: translateError('identity.login_failed', 'en') })
        .waitFor();
      expect(await readLocalStorage(page, 'staffAccessToken')).toBeNull();

      await page.getByLabel(/^Password/).fill(password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('region', { name: 'Outbox backlog', exact: true }).waitFor();
      await page.getByText(nickname, { exact: true }).waitFor();
      expect(new URL(page.url()).pathname).toMatch(/^\/admin\/?$/);
      expect(await readLocalStorage(page, 'staffRefreshToken')).toBeTruthy();
    },
  );
});
