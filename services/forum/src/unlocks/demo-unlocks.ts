import type { INestApplicationContext } from '@nestjs/common';
import { newId } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { ForumModule } from '../forum.module';
import { UnlockCommands } from './unlock.commands';

/**
 * A demo reader buys a topic's balance block (type 50) at `price` fen, as the thread's "pay" button does: the author
 * is paid the price less the platform's share, which the console's revenue account shows. Buying it again is
 * refused as already unlocked, which a resumed seed takes as done.
 */
export async function seedDemoPaidUnlock(
  app: INestApplicationContext,
  { readerId, topicId, price }: { readerId: string; topicId: string; price: number },
): Promise<void> {
  try {
    await app
      .select(ForumModule)
      .get(UnlockCommands)
      .unlock(
        topicId,
        { type: 50, price },
        {
          actor: { kind: 'member', id: readerId, ip: '127.0.0.1' },
          now: new Date(),
          correlationId: newId(),
          idempotencyKey: `demo-seed:unlock:${topicId}:${readerId}`,
        },
      );
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== 'forum.already_unlocked') throw error;
  }
}
