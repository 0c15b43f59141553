import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { CommandBus } from '@nestjs/cqrs';
import { newId } from '@forum/contracts';
import type { CommandMetadata } from '@forum/contracts';
import type { DemoThread } from '../comments/demo-comments';
import { ToggleFavouriteCommand, ToggleLikeCommand } from './reaction.commands';

/**
 * Demo likes (each topic, and both of its demo comments) and a favourite (the first topic), through the real
 * commands. Every step has its own idempotency key, so a seed interrupted half-way resumes.
 */
export async function seedDemoReactions(
  app: NestFastifyApplication,
  { staffId, memberId }: { staffId: string; memberId: string },
  threads: DemoThread[],
): Promise<void> {
  const commands = app.get(CommandBus);
  const as = (id: string, kind: 'member' | 'staff', key: string): CommandMetadata => ({
    actor: { kind, id, ip: '127.0.0.1' },
    now: new Date(),
    correlationId: newId(),
    idempotencyKey: `demo-seed:${key}`,
  });
  for (const [index, { topicId, firstCommentId, secondCommentId }] of threads.entries()) {
    await commands.execute(new ToggleLikeCommand('topic', topicId, true, as(staffId, 'staff', `like:${topicId}`)));
    await commands.execute(
      new ToggleLikeCommand('comment', secondCommentId, true, as(staffId, 'staff', `like:${secondCommentId}`)),
    );
    await commands.execute(
      new ToggleLikeCommand('comment', firstCommentId, true, as(memberId, 'member', `like:${firstCommentId}`)),
    );
    if (index === 0) {
      await commands.execute(new ToggleFavouriteCommand(topicId, true, as(memberId, 'member', `favourite:${topicId}`)));
    }
  }
}
