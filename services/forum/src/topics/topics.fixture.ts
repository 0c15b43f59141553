import type { Type } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { newId } from '@forum/contracts';
import type { CommandMetadata } from '@forum/contracts';
import { PermissionChecker } from '@forum/platform';
import { eventually, startTestApp, TestApp } from '@forum/testing';
import type { TestAppOptions } from '@forum/testing';
import { RegisterMemberCommand } from '../../../identity/src/accounts/commands';
import { IdentityModule } from '../../../identity/src/identity.module';
import { staffAccount } from '../../../identity/src/roles/staff.fixture';
import { ModerationModule } from '../../../moderation/src/moderation.module';
import { ForumModule } from '../forum.module';
import { MEMBER_NICKNAMES } from '../comments/member-nicknames.projection';
import type { PostedTopic } from './topic.schemas';

const system = (): CommandMetadata => ({
  actor: { kind: 'system', id: null, ip: '127.0.0.1' },
  now: new Date(),
  correlationId: newId(),
});

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
 * `extra` contexts (the wallet, for paid unlocks) and `options` (environment) go to `startTestApp`.
 */
export async function startForum(extra: Type[] = [], options: TestAppOptions = {}): Promise<ForumFixture> {
  const t = await startTestApp([IdentityModule, ModerationModule, ForumModule, ...extra], options);
  const staffId = await staffAccount(t.app, 'forum_admin', {
    contexts: [IdentityModule, ModerationModule, ForumModule],
    permission: 'settings.edit',
  });
  let accounts = 0;
  const fixture: ForumFixture = {
    t,
    staffId,
    async member(nickname) {
      const account = `m${Date.now().toString(36)}${accounts++}`;
      const password = 'member-password';
      const registered = await t.app
        .get(CommandBus)
        .execute(
          new RegisterMemberCommand(
            { account, nickname, password, confirmPassword: password, agreeTerms: true },
            system(),
            'member',
            true,
          ),
        );
      const memberId = (registered as { systemUser: { id: string } }).systemUser.id;
      const nicknames = t.db('forum').collection<{ _id: string }>(MEMBER_NICKNAMES);
      await eventually(async () => expect(await nicknames.findOne({ _id: nickname.toLowerCase() })).not.toBeNull());
      // The default member role reached the forum's copy: the member may view topics.
      const checker = t.app.select(ForumModule).get(PermissionChecker);
      await eventually(async () =>
        expect(await checker.can({ kind: 'member', id: memberId }, 'topic.view')).toBe(true),
      );
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
        .post<PostedTopic>('/api/forum/topics', body);
      if (response.status !== 201) throw new Error(`post failed: ${response.status} ${JSON.stringify(response.body)}`);
      expect(response.body.visible).toBe(true);
      return response.body.topicId;
    },
  };
  return fixture;
}
