import type { INestApplicationContext } from '@nestjs/common';
import type { EventStore } from '@forum/event-store';
import { forumSeams, identitySeams, qaSeams, searchSeams } from './contexts';
import type { TestClient } from './http-client';

/**
 * The other contexts' test seams, for specs of a service that starts them: each loads the context's own
 * `<context>.test-seams.ts` through the registry, so no spec imports another service.
 */

/** A root leaf tag of the forum named `name`, made by the system actor if missing (the forum's `testTag`). */
export async function testTag(client: TestClient, name?: string): Promise<string> {
  return (await forumSeams()).testTag(client, name);
}

/** The event store the forum writes topics with (to make a topic's write fail, with a spy). */
export async function topicEventStore(app: INestApplicationContext): Promise<EventStore> {
  return (await forumSeams()).topicEventStore(app);
}

/** Resolves once the search context's index follower has loaded the index (an app hosting search). */
export async function searchIndexReady(app: INestApplicationContext): Promise<void> {
  await (await searchSeams()).searchIndexReady(app);
}

/** Defines a role as `staffId` would in the console (identity's command; its answer waits for no read model). */
export async function defineRole(
  app: INestApplicationContext,
  staffId: string,
  definition: Parameters<Awaited<ReturnType<typeof identitySeams>>['defineRole']>[2],
): Promise<string> {
  return (await identitySeams()).defineRole(app, staffId, definition);
}

/** Cancels a member's account as staff do. */
export async function cancelAccount(app: INestApplicationContext, memberId: string): Promise<void> {
  await (await identitySeams()).cancelAccount(app, memberId);
}

/** The Q&A's demo seed (questions, answers, likes and a bounty by the demo accounts). */
export async function seedDemoQa(
  app: INestApplicationContext,
  accounts: { staffId: string; memberId: string },
): Promise<void> {
  await (await qaSeams()).seedDemoQa(app, accounts);
}

/** Whether the Q&A's read model shows an answer or an answer's reply as deleted. */
export async function qaContentDeleted(
  app: INestApplicationContext,
  kind: 'answer' | 'answerReply',
  id: string,
): Promise<boolean> {
  return (await qaSeams()).qaContentDeleted(app, kind, id);
}
