import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { newId } from '@forum/contracts';
import type { CommandMetadata } from '@forum/contracts';
import { ToggleFavouriteCommand, ToggleLikeCommand } from '../reactions/reaction.commands';
import { PostReplyCommand } from '../replies/reply.commands';
import { GetTopicListQuery } from '../topics/queries/get-topic-list.query';
import { PostCommentCommand } from './comment.commands';

/**
 * Demo comments, a quote, replies (one answering another), likes and a favourite on the demo topics, through
 * the real commands. Every step has its own idempotency key, so a seed interrupted half-way resumes.
 */
export async function seedDemoComments(
  app: NestFastifyApplication,
  { staffId, memberId }: { staffId: string; memberId: string },
): Promise<void> {
  const commands = app.get(CommandBus);
  const topics = await app.get(QueryBus).execute(new GetTopicListQuery({ page: 1, pageSize: 20 }));
  const as = (id: string, kind: 'member' | 'staff', key: string): CommandMetadata => ({
    actor: { kind, id, ip: '127.0.0.1' },
    now: new Date(),
    correlationId: newId(),
    idempotencyKey: `demo-seed:${key}`,
  });
  for (const [index, { topicId }] of topics.items.entries()) {
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
    await commands.execute(new ToggleLikeCommand('topic', topicId, true, as(staffId, 'staff', `like:${topicId}`)));
    await commands.execute(
      new ToggleLikeCommand('comment', second.commentId, true, as(staffId, 'staff', `like:${second.commentId}`)),
    );
    await commands.execute(
      new ToggleLikeCommand('comment', first.commentId, true, as(memberId, 'member', `like:${first.commentId}`)),
    );
    if (index === 0) {
      await commands.execute(new ToggleFavouriteCommand(topicId, true, as(memberId, 'member', `favourite:${topicId}`)));
    }
  }
}
