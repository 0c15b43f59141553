import type { INestApplicationContext } from '@nestjs/common';
import { IndexFollower } from './engine/index-follower';
import { SearchModule } from './search.module';

/**
 * What the search offers other contexts' tests, in-process (loaded by `@forum/testing`'s context registry, never
 * imported by another service): resolves once the index follower has loaded what was indexed before it started.
 */
export function searchIndexReady(app: INestApplicationContext): Promise<void> {
  return app.select(SearchModule).get(IndexFollower).ready();
}
