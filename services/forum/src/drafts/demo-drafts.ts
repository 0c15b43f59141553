import type { INestApplicationContext } from '@nestjs/common';
import { ForumModule } from '../forum.module';
import { DraftStore } from './draft-store';

export const DEMO_DRAFT_TITLE = '写到一半的话题 · A topic still being written';

/**
 * The demo member's unfinished topic (docs/rules/forum.md, drafts): `/addTopic` restores it, and the control panel's
 * "My drafts" lists it. Saved as the editor saves it; saving again only replaces it.
 */
export async function seedDemoDrafts(
  app: INestApplicationContext,
  { memberId, tagId }: { memberId: string; tagId: string },
): Promise<void> {
  await app
    .select(ForumModule)
    .get(DraftStore)
    .save(
      memberId,
      'topic:new',
      {
        title: DEMO_DRAFT_TITLE,
        content:
          '<p>草稿保存在服务器上，换一台设备登录也能接着写。</p>' +
          '<p>Drafts live on the server: sign in on another device and carry on writing.</p>',
        format: 'html',
        extra: { tagIds: [tagId] },
      },
      new Date(),
    );
}
