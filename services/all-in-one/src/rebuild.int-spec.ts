import type { ProjectionDefinition } from '@forum/event-bus';
import { hostedProjections } from '@forum/platform';
import { startTestApp } from '@forum/testing';
import type { TestApp } from '@forum/testing';
import { IndexFollower } from '../../search/src/engine/index-follower';
import { SearchModule } from '../../search/src/search.module';
import { ALL_CONTEXTS, PROJECTIONS } from './contexts';

const names = (byContext: Iterable<[string, ProjectionDefinition[]]>) =>
  Object.fromEntries(
    [...byContext]
      .map(([context, projections]): [string, string[]] => [context, projections.map((p) => p.name).sort()])
      .sort(([a], [b]) => a.localeCompare(b)),
  );

/**
 * `npm run rebuild` rebuilds what `PROJECTIONS` lists; the running app runs a projector for each projection its
 * contexts registered (`hostedProjections()`: set by every context's runtime when the app starts, from the list
 * its runners are made of). A projection registered but not listed would silently never be rebuilt.
 */
describe('npm run rebuild covers the running app', () => {
  let t: TestApp;

  beforeAll(async () => {
    // No consumers: the list is the same, and eight contexts' projectors are not needed to read it.
    t = await startTestApp(ALL_CONTEXTS, { env: { RUN_WORKERS: 'false' } });
    // The search index joins its Kafka group after the start: closing before it has would leave it half-started.
    await t.app.select(SearchModule).get(IndexFollower).ready();
  }, 300_000);

  afterAll(async () => {
    await t?.close();
  });

  it('lists every projection of every hosted context, under the context that runs it', () => {
    const running = names(hostedProjections());
    expect(Object.keys(running)).toHaveLength(ALL_CONTEXTS.length);
    expect(names(Object.entries(PROJECTIONS))).toEqual(running);
  });

  it('names each projection once, so `npm run rebuild -- <name>` rebuilds exactly that one', () => {
    const all = Object.values(PROJECTIONS)
      .flat()
      .map((p) => p.name);
    expect(all.filter((name, i) => all.indexOf(name) !== i)).toEqual([]);
  });
});
