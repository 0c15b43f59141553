import { staffAccount, startTestApp, TestApp } from '@forum/testing';
import { ForumModule } from '../../services/forum/src/forum.module';
import { IdentityModule } from '../../services/identity/src/identity.module';
import { ModerationModule } from '../../services/moderation/src/moderation.module';
import { testTag } from '../../services/forum/src/tags/tag.fixture';
import { siteSwitchesTests } from './site-switches.steps';
import type { SiteSwitchesSetup } from './site-switches.steps';

/**
 * Settings changed in the moderation context reach the others through Kafka and change what they allow. The
 * cluster spec (test/cluster/browser.cluster-spec.ts) runs the same tests through nginx.
 */
describe('site switches and modes across contexts', () => {
  let t: TestApp;
  let setup: SiteSwitchesSetup;

  beforeAll(async () => {
    t = await startTestApp([IdentityModule, ForumModule, ModerationModule]);
    const staffId = await staffAccount(t.app, 'switch_admin', { contexts: [ModerationModule] });
    setup = {
      client: t.client.anonymous(),
      health: t.client.anonymous(),
      withSession: (access, refresh) => t.client.withHeaders({ authorization: `Bearer ${access},${refresh}` }),
      staffId,
      tagId: await testTag(t.client),
      identityDb: t.db('identity'),
    };
  });
  afterAll(() => t.close());

  siteSwitchesTests(() => setup);
});
