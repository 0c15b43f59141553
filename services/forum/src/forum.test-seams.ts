import type { INestApplicationContext } from '@nestjs/common';
import type { EventStore } from '@forum/event-store';
import { TopicCommands } from './topics/topic.commands';

export { testTag } from './tags/tag.fixture';

/**
 * What the forum offers other contexts' tests, in-process (loaded by `@forum/testing`'s context registry, never
 * imported by another service): a leaf tag made by the system actor, and the event store topics are written with,
 * for specs that make a topic's write fail after another context acted on it (a fault, spied on).
 */
export function topicEventStore(app: INestApplicationContext): EventStore {
  return (app.get(TopicCommands) as unknown as { store: EventStore }).store;
}
