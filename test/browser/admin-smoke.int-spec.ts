import type { Page } from 'playwright-core';
import { TokenService } from '@forum/platform';
import { eventually, staffAccount } from '@forum/testing';
import { ALL_CONTEXTS } from '../../services/all-in-one/src/contexts';
import { DEMO_ACCOUNTS, seedDemo } from '../../services/all-in-one/src/demo-seed';
import { browserSuite, horizontalOverflow, readLocalStorage } from './harness';
import { adminTexts as texts, consoleListsTopic, staffSignsIn } from './smoke-journeys';
import { testTag } from '../../services/forum/src/tags/tag.fixture';

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
      async ({ page }) => consoleListsTopic(page, language, topicTitle),
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
    async ({ page }) => staffSignsIn(page, DEMO_ACCOUNTS.staff),
  );
});
