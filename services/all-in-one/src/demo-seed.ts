import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { newId } from '@forum/contracts';
import type { CommandMetadata } from '@forum/contracts';
import { TokenService } from '@forum/platform';
import { PostTopicCommand } from '../../forum/src/topics/commands/post-topic.command';
import { GetTopicListQuery } from '../../forum/src/topics/queries/get-topic-list.query';

export const DEMO_MEMBER_ID = 'demo-member';

const DEMO_TOPICS = [
  {
    title: '欢迎来到社区 · Welcome to the community',
    content: 'Say hello, ask questions, share what you build.',
    tagIds: ['announcements'],
  },
  {
    title: 'How the forum keeps every fen right',
    content: 'Every movement of money is an event; an audit replays them all.',
    tagIds: ['about'],
  },
  { title: '新手指南：如何发帖', content: '点击“发表话题”，填写标题与内容，选择标签即可。', tagIds: ['help'] },
];

/**
 * Fills an empty site with demo content through the real command path (events, Kafka, projections),
 * and returns what the README tells people to try.
 */
export async function seedDemo(app: NestFastifyApplication): Promise<{ memberToken: string; seeded: boolean }> {
  const memberToken = app.get(TokenService).issueAccessToken({ sub: DEMO_MEMBER_ID, kind: 'member' });
  const existing = await app.get(QueryBus).execute(new GetTopicListQuery({ page: 1, pageSize: 1 }));
  if (existing.total > 0) return { memberToken, seeded: false };
  for (const topic of DEMO_TOPICS) {
    const meta: CommandMetadata = {
      actor: { kind: 'member', id: DEMO_MEMBER_ID },
      now: new Date(),
      correlationId: newId(),
      idempotencyKey: `demo-seed:${topic.title}`,
    };
    await app.get(CommandBus).execute(new PostTopicCommand(topic, meta));
  }
  return { memberToken, seeded: true };
}
