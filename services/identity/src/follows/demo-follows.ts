import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { CommandBus } from '@nestjs/cqrs';
import { newId } from '@forum/contracts';
import type { CommandMetadata } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { ToggleFollowCommand } from './follow.commands';

/** How long the seed waits for the member directory to hold both demo accounts (a busy CI machine is slow). */
const DIRECTORY_WAIT_MS = 60_000;

/**
 * The demo member and the demo staff account follow each other, and the second demo member (`readerId`) follows
 * both, so the member pages show followers and followed members, and each gets a "followed you" reminder.
 * Following is idempotent: a resumed seed adds nothing.
 */
export async function seedDemoFollows(
  app: NestFastifyApplication,
  { staffId, memberId, readerId }: { staffId: string; memberId: string; readerId?: string },
): Promise<void> {
  const commands = app.get(CommandBus);
  const pairs: [string, string, 'member' | 'staff'][] = [
    [memberId, staffId, 'member'],
    [staffId, memberId, 'staff'],
  ];
  if (readerId) pairs.push([readerId, memberId, 'member'], [readerId, staffId, 'member']);
  for (const [followerId, followeeId, kind] of pairs) {
    const meta: CommandMetadata = {
      actor: { kind, id: followerId, ip: '127.0.0.1' },
      now: new Date(),
      correlationId: newId(),
    };
    await onceBothListed(() => commands.execute(new ToggleFollowCommand(followerId, followeeId, true, meta)));
  }
}

/** Retries while the member directory has not projected an account yet (`identity.member_not_found`). */
async function onceBothListed(command: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + DIRECTORY_WAIT_MS;
  for (let delay = 100; ; delay = Math.min(delay * 2, 2_000)) {
    try {
      return await command();
    } catch (error) {
      const notYet = error instanceof DomainError && error.code === 'identity.member_not_found';
      if (!notYet || Date.now() + delay > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
