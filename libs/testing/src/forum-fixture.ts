import { MEMBER_NICKNAMES } from '@forum/platform';
import { knownTo, memberAccount, staffAccount } from './accounts';
import type { ContextRef } from './contexts';
import { eventually } from './eventually';
import { startTestApp } from './test-app';
import type { TestApp, TestAppOptions } from './test-app';

export interface ForumFixture {
  t: TestApp;
  staffId: string;
  /** A real member (registered through identity), known to the forum's nickname and role copies. */
  member(nickname: string): Promise<string>;
  tag(name: string, parentId?: string | null): Promise<string>;
  post(authorId: string, body: { title: string; content: string; tagIds: string[] }): Promise<string>;
}

/**
 * Identity (members, roles), moderation (settings) and the forum, with a staff account allowed to edit settings;
 * `extra` contexts (the wallet, for paid unlocks) and `options` (environment) go to `startTestApp`. Everything
 * after the accounts goes through the forum's HTTP API. `staffName` must differ between fixtures sharing databases
 * (the cluster specs' files share one cluster).
 */
export async function startForum(
  extra: ContextRef[] = [],
  options: TestAppOptions = {},
  staffName = 'forum_admin',
): Promise<ForumFixture> {
  const t = await startTestApp(['identity', 'moderation', 'forum', ...extra], options);
  const staffId = await staffAccount(t.app, staffName, {
    contexts: ['identity', 'moderation', 'forum'],
    permission: 'settings.edit',
  });
  let accounts = 0;
  return {
    t,
    staffId,
    async member(nickname) {
      const memberId = await memberAccount(t.app, `m${Date.now().toString(36)}${accounts++}`, nickname);
      const nicknames = t.db('forum').collection<{ _id: string }>(MEMBER_NICKNAMES);
      await eventually(async () => expect(await nicknames.findOne({ _id: nickname.toLowerCase() })).not.toBeNull());
      // The default member role reached the forum's copy: the member may view topics.
      await knownTo(t.app, memberId, 'member', ['forum'], 'topic.view');
      return memberId;
    },
    async tag(name, parentId = null) {
      const response = await t.client
        .as(staffId, 'staff')
        .post<{ tagId: string; visible: boolean }>('/api/forum/tags', { name, parentId });
      expect(response.status).toBe(201);
      // On a loaded machine the tag may reach the read model after the write's bounded wait: wait for it here.
      if (!response.body.visible)
        await eventually(async () =>
          expect(JSON.stringify((await t.client.get('/api/forum/tags')).body)).toContain(response.body.tagId),
        );
      return response.body.tagId;
    },
    async post(authorId, body) {
      const response = await t.client
        .as(authorId, authorId === staffId ? 'staff' : 'member')
        .post<{ topicId: string; visible: boolean }>('/api/forum/topics', body);
      if (response.status !== 201) throw new Error(`post failed: ${response.status} ${JSON.stringify(response.body)}`);
      expect(response.body.visible).toBe(true);
      return response.body.topicId;
    },
  };
}
