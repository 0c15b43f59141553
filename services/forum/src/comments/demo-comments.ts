import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { newId } from '@forum/contracts';
import type { CommandMetadata } from '@forum/contracts';
import { PostReplyCommand } from '../replies/reply.commands';
import { GetTopicListQuery } from '../topics/queries/get-topic-list.query';
import { PostCommentCommand } from './comment.commands';

/** A demo topic's two comments (the second quotes the first), for the reactions' seed to like. */
export interface DemoThread {
  topicId: string;
  firstCommentId: string;
  secondCommentId: string;
}

/**
 * Demo comments, a quote and replies (one answering another) on the demo topics, through the real commands.
 * Every step has its own idempotency key, so a seed interrupted half-way resumes.
 */
export async function seedDemoComments(
  app: NestFastifyApplication,
  { staffId, memberId }: { staffId: string; memberId: string },
): Promise<DemoThread[]> {
  const commands = app.get(CommandBus);
  const topics = await app.get(QueryBus).execute(new GetTopicListQuery({ page: 1, pageSize: 20 }));
  const as = (id: string, kind: 'member' | 'staff', key: string): CommandMetadata => ({
    actor: { kind, id, ip: '127.0.0.1' },
    now: new Date(),
    correlationId: newId(),
    idempotencyKey: `demo-seed:${key}`,
  });
  const threads: DemoThread[] = [];
  for (const { topicId } of topics.items) {
    const first = await commands.execute(
      new PostCommentCommand(
        topicId,
        { content: '<p>欢迎！Thanks for sharing — 很有帮助。</p>' },
        as(staffId, 'staff', `comment:${topicId}:1`),
      ),
    );
    const second = await commands.execute(
      new PostCommentCommand(
        topicId,
        { content: '<p>同意楼上 · Agreed, and one more thought below.</p>', quoteCommentId: first.commentId },
        as(memberId, 'member', `comment:${topicId}:2`),
      ),
    );
    const reply = await commands.execute(
      new PostReplyCommand(
        second.commentId,
        { content: '<p>Good point, let us pin it.</p>' },
        as(staffId, 'staff', `reply:${topicId}:1`),
      ),
    );
    await commands.execute(
      new PostReplyCommand(
        second.commentId,
        { content: '<p>谢谢！</p>', replyToReplyId: reply.replyId },
        as(memberId, 'member', `reply:${topicId}:2`),
      ),
    );
    threads.push({ topicId, firstCommentId: first.commentId, secondCommentId: second.commentId });
  }
  return threads;
}
