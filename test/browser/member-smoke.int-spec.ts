import { Ledger } from '../../services/wallet/src/ledger/ledger';
import { fund } from '../fault/fault-support';
import { browserSuite, horizontalOverflow, registerMember } from './harness';
import type { RegisteredMember } from './harness';
import {
  homeListsTopicAcrossLanguages,
  memberJourney,
  memberTexts as texts,
  memberVisit as visit,
} from './smoke-journeys';
import { testTag } from '../../services/forum/src/tags/tag.fixture';

describe('member site (web-member) in Chromium', () => {
  const suite = browserSuite(['web-member']);
  let topicTitle: string;
  let member: RegisteredMember;

  beforeAll(async () => {
    topicTitle = `Member site smoke ${Date.now()}`;
    const posted = await suite.app.client.as('member-smoke', 'staff').post<{ visible: boolean }>('/api/forum/topics', {
      title: topicTitle,
      tagIds: [await testTag(suite.app.client)],
      content: 'Posted through the API for the member site to list.',
    });
    expect(posted).toMatchObject({ status: 201, body: { visible: true } });
    member = await registerMember(suite.app, 'smoke');
    await fund(suite.app.app.get(Ledger), member.id, { fen: 1234 });
  }, 60_000);

  // The cluster spec (test/cluster/browser.cluster-spec.ts) runs the same journey through nginx.
  suite.test(
    'a member signs in, opens a topic from the newest list, replies, switches to English and sees the wallet',
    visit.zh,
    async ({ page }) =>
      memberJourney(page, {
        account: member.account,
        password: 'member-password',
        topicTitle,
        balance: '¥12.34',
      }),
    90_000,
  );

  for (const language of ['zh', 'en'] as const) {
    const say = texts[language];

    suite.test(
      `${language}: the home page shows the site title and the newest topics, and the language can be switched`,
      visit[language],
      async ({ page }) => homeListsTopicAcrossLanguages(page, language, topicTitle),
    );

    suite.test(`${language}: an unknown address lands on the home page`, visit[language], async ({ page }) => {
      await page.goto('/no/such/page');
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('list', { name: say.newest, exact: true }).waitFor();
    });

    suite.test(
      `${language}: a visitor opening the balance screen is asked to log in`,
      visit[language],
      async ({ page }) => {
        await page.goto('/user/control/balance');
        await page.waitForURL(/\/login\?jumpUrl=/);
      },
    );

    suite.test(
      `${language}: at phone width (375 px) nothing scrolls sideways`,
      { ...visit[language], viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
      async ({ page }) => {
        await page.goto('/');
        await page.getByRole('list', { name: say.newest, exact: true }).getByText(topicTitle).waitFor();
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      },
    );
  }
});
