import { knownTo, memberAccount, staffAccount } from '@forum/testing';
import type { TestResponse } from '@forum/testing';
import { Ledger } from '../../services/wallet/src/ledger/ledger';
import { siteSwitchesTests } from '../e2e/site-switches.steps';
import { fund } from '../fault/fault-support';
import { browserSuite } from '../browser/harness';
import {
  consoleListsTopic,
  homeListsTopicAcrossLanguages,
  memberJourney,
  memberVisit,
  staffSignsIn,
} from '../browser/smoke-journeys';
import { clusterUrl, startClusterFixture } from './cluster-support';
import type { ClusterFixture } from './cluster-support';

/**
 * Issue 23's end-to-end specs and browser smoke run against the distributed mode (ADR 0051): the same journeys
 * and tests as test/browser/member-smoke, admin-smoke and test/e2e/site-switches, here through nginx in front of
 * every context's replicas, the page renderer and the built web apps. What only breaks here is the mode's: a path
 * nginx sends nowhere, a session or CSRF pair one replica takes and the other refuses, the renderer's page.
 */
describe('cluster: the member site, the staff console and the site switches through nginx', () => {
  let c: ClusterFixture;
  let tagId: string;
  const stamp = Date.now().toString(36);
  const topicTitle = `Cluster smoke ${stamp}`;
  const member = { account: `smoke${stamp}`, password: 'member-password' };
  const staff = { account: `console${stamp}`, password: 'staff-password', nickname: `console${stamp}` };

  beforeAll(async () => {
    c = await startClusterFixture();
    tagId = await c.f.tag(`browser-${stamp}`);
    const posted = await c.nginx.as(c.f.staffId, 'staff').post<{ visible: boolean }>('/api/forum/topics', {
      title: topicTitle,
      tagIds: [tagId],
      content: '<p>Posted through nginx for the member site to list.</p>',
    });
    expect(posted).toMatchObject({ status: 201, body: { visible: true } });
    // The accounts are made in the helper app; the cluster's replicas project them (the helper projects nothing).
    const memberId = await memberAccount(c.f.t.app, member.account);
    await knownTo(c.f.t.app, memberId, 'member', ['forum'], 'comment.post');
    await fund(c.f.t.app.get(Ledger), memberId, { fen: 1234 });
    await staffAccount(c.f.t.app, staff.account, {
      contexts: ['identity', 'moderation', 'forum'],
      permission: 'dashboard.read',
    });
  }, 240_000);
  afterAll(async () => {
    await c?.f.t.close();
  }, 60_000);

  describe('in Chromium', () => {
    const suite = browserSuite(['web-member', 'web-admin'], { baseUrl: clusterUrl });

    suite.test(
      'a member signs in, opens a topic from the newest list, replies, switches to English and sees the wallet',
      memberVisit.zh,
      async ({ page }) => memberJourney(page, { ...member, topicTitle, balance: '¥12.34' }),
      90_000,
    );

    suite.test(
      'en: the home page lists the topic, and the language can be switched',
      memberVisit.en,
      async ({ page }) => homeListsTopicAcrossLanguages(page, 'en', topicTitle),
    );

    suite.test(
      'a staff member signs in to the console and its topics list shows the topic',
      { locale: 'en-US' },
      async ({ page }) => {
        await staffSignsIn(page, staff);
        await consoleListsTopic(page, 'en', topicTitle);
      },
      60_000,
    );
  });

  siteSwitchesTests(
    () =>
      c && {
        client: c.nginx,
        health: c.replica('forum-1'),
        withSession: (access, refresh) => ({
          async get<T>(url: string): Promise<TestResponse<T>> {
            const response = await fetch(`${clusterUrl()}${url}`, {
              headers: { authorization: `Bearer ${access},${refresh}`, 'x-requested-with': 'XMLHttpRequest' },
              signal: AbortSignal.timeout(30_000),
            });
            return { status: response.status, body: (await response.json()) as T, headers: {} };
          },
        }),
        staffId: c.f.staffId,
        tagId,
        identityDb: c.f.t.db('identity'),
      },
  );
});
