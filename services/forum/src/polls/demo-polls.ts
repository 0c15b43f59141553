import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { newId } from '@forum/contracts';
import type { Actor, CommandMetadata } from '@forum/contracts';
import { DomainError } from '@forum/event-store';
import { ForumModule } from '../forum.module';
import { CreatePollCommand, VotePollCommand } from './poll.commands';
import { createPollBody } from './poll.schemas';

export const DEMO_POLL_QUESTION = '这个周末去哪儿？ · Where shall we go this weekend?';
const DEMO_POLL_OPTIONS = ['爬山 · Hiking', '看电影 · A film', '逛公园 · A walk in the park', '在家休息 · Stay home'];

/**
 * The demo member's poll on their weekend topic (docs/rules/forum.md, polls): single choice, no close time, one vote
 * each from the staff account (hiking) and the reader (a film). The demo member has not voted, so they meet the
 * choices; the reader meets the counts. A second run finds the poll and the votes and adds nothing.
 */
export async function seedDemoPoll(
  app: INestApplicationContext,
  { topicId, memberId, staffId, readerId }: { topicId: string; memberId: string; staffId: string; readerId: string },
): Promise<void> {
  const commands = app.select(ForumModule).get(CommandBus);
  const meta = (actor: Actor): CommandMetadata => ({
    actor: { ...actor, ip: '127.0.0.1' },
    now: new Date(),
    correlationId: newId(),
  });
  const unlessDone = (code: string) => (error: unknown) => {
    if (!(error instanceof DomainError && error.code === code)) throw error;
  };
  await commands
    .execute(
      new CreatePollCommand(
        topicId,
        createPollBody.parse({ question: DEMO_POLL_QUESTION, options: DEMO_POLL_OPTIONS }),
        meta({ kind: 'member', id: memberId }),
      ),
    )
    .catch(unlessDone('forum.poll_exists'));
  await commands
    .execute(new VotePollCommand(topicId, ['o1'], meta({ kind: 'staff', id: staffId })))
    .catch(unlessDone('forum.poll_already_voted'));
  await commands
    .execute(new VotePollCommand(topicId, ['o2'], meta({ kind: 'member', id: readerId })))
    .catch(unlessDone('forum.poll_already_voted'));
}
