import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { CommandBus } from '@nestjs/cqrs';
import { newId } from '@forum/contracts';
import type { CommandMetadata } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { ToggleFollowCommand } from './follow.commands';

/** How long the seed waits for the member directory to hold both demo accounts (a busy CI machine is slow). */
const DIRECTORY_WAIT_MS = 60_000;

/**
 * The demo member and the demo staff account follow each other, so both member pages show a follower and a
 * followed member, and each gets a "followed you" reminder. Following is idempotent: a resumed seed adds nothing.
 */
export async function seedDemoFollows(
  app: NestFastifyApplication,
  { staffId, memberId }: { staffId: string; memberId: string },
): Promise<void> {
  const commands = app.get(CommandBus);
  for (const [followerId, followeeId, kind] of [
    [memberId, staffId, 'member'],
    [staffId, memberId, 'staff'],
  ] as const) {
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
