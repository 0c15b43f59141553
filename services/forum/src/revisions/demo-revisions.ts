import type { INestApplicationContext } from '@nestjs/common';
import { newId } from '@forum/contracts';
import type { CommandMetadata } from '@forum/contracts';
import { ForumModule } from '../forum.module';
import { TopicCommands } from '../topics/topic.commands';
import { TopicQueries } from '../topics/topic-queries';
import { editTopicBody, postTopicBody } from '../topics/topic.schemas';
import { TopicSources } from '../unlocks/topic-source';

export const DEMO_EDITED_TOPIC_TITLE = '编辑历史演示 · An edited topic';
export const DEMO_EDITED_TOPIC_NEW_TITLE = `${DEMO_EDITED_TOPIC_TITLE}（改了时间 · new time）`;

const block = (text: string, id?: string) =>
  `<hide type="40" value="5"${id ? ` data-block-id="${id}"` : ''}><p>${text}</p></hide>`;

/**
 * The demo member's topic, edited once after posting (docs/rules/forum.md, edit history): its "edited" mark opens two
 * versions with the words changed, and the 5-point block edited in between stays locked in both for readers who did
 * not pay. Posted and edited through the same commands as the editor; a second run finds the topic and stops.
 */
export async function seedDemoRevisions(
  app: INestApplicationContext,
  { memberId, tagId }: { memberId: string; tagId: string },
): Promise<{ topicId: string }> {
  const forum = app.select(ForumModule);
  const topics = forum.get(TopicCommands);
  const meta = (key: string): CommandMetadata => ({
    actor: { kind: 'member', id: memberId, ip: '127.0.0.1' },
    now: new Date(),
    correlationId: newId(),
    idempotencyKey: `demo-seed:revisions:${key}`,
  });
  // A second run finds the topic (posting again under the same key would answer with a fresh, unposted id), and
  // edits it only if the first run stopped before the edit.
  const member = { kind: 'member' as const, id: memberId };
  const mine = await forum.get(TopicQueries).mine({ page: 1, pageSize: 50 }, member);
  const existing = mine.items.find((row) => row.title.startsWith(DEMO_EDITED_TOPIC_TITLE));
  if (existing && existing.title !== DEMO_EDITED_TOPIC_TITLE) return { topicId: existing.topicId };
  const topicId =
    existing?.topicId ??
    (
      await topics.post(
        postTopicBody.parse({
          title: DEMO_EDITED_TOPIC_TITLE,
          content:
            '<p>周六早上八点在北门集合，一起去爬山。</p><p>We meet at the north gate on Saturday at 8.</p>' +
            block('路线图在这里 · The route map is here.'),
          tagIds: [tagId],
        }),
        meta('post'),
      )
    ).topicId;
  // The author's editor sends the block back with its id: the same block, its content changed.
  const stored = await forum.get(TopicSources).live(topicId);
  const blockId = /data-block-id="([^"]+)"/.exec(stored.content)?.[1];
  await topics.edit(
    topicId,
    editTopicBody.parse({
      title: DEMO_EDITED_TOPIC_NEW_TITLE,
      content:
        '<p>改到周日早上九点在北门集合，一起去爬山，记得带水。</p>' +
        '<p>We now meet at the north gate on Sunday at 9. Bring water.</p>' +
        block('新的路线图，避开了施工路段 · The new route map avoids the roadworks.', blockId),
      tagIds: [tagId],
    }),
    meta('edit'),
  );
  return { topicId };
}
