import { idsIn, RenderCache, type Computed } from './render-cache';

const TOPIC = '01a21f80-3c11-72ca-909d-78d5e18c87f9';
const OTHER = '01a21f80-3c11-72ca-909d-000000000002';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

/** Until a render has started (a render waits for the changes that dropped its page to settle first). */
async function started(compute: jest.Mock): Promise<void> {
  while (compute.mock.calls.length === 0) await new Promise((resolve) => setImmediate(resolve));
}

const made = (value: string, ids: string[] = [TOPIC], broad = false, bytes = 1_000): Computed<string> => ({
  value,
  bytes,
  sources: { ids: new Set(ids), broad, cacheable: true },
});

describe('RenderCache', () => {
  it('renders once for concurrent requests of one page and keeps it until a change names its id', async () => {
    const cache = new RenderCache<string>(1_000_000, 60_000);
    const render = deferred<Computed<string>>();
    const compute = jest.fn(() => render.promise);
    const pages = [cache.get('a', compute), cache.get('a', compute), cache.get('a', compute)];
    render.resolve(made('v1'));
    expect(await Promise.all(pages)).toEqual(['v1', 'v1', 'v1']);
    expect(compute).toHaveBeenCalledTimes(1);

    cache.changed([OTHER]);
    expect(await cache.get('a', async () => made('v2'))).toBe('v1');
    cache.changed([TOPIC]);
    expect(await cache.get('a', async () => made('v2'))).toBe('v2');
  });

  it('hands a render that crossed a change concerning it to its waiters but does not keep it', async () => {
    const cache = new RenderCache<string>(1_000_000, 60_000);
    const render = deferred<Computed<string>>();
    const compute = jest.fn(() => render.promise);
    const page = cache.get('a', compute);
    await started(compute);
    cache.changed([TOPIC]);
    render.resolve(made('old'));
    expect(await page).toBe('old');
    expect(await cache.get('a', async () => made('new'))).toBe('new');
  });

  it('never hands a request that came after a change the render that was under way across it', async () => {
    const cache = new RenderCache<string>(1_000_000, 60_000);
    const before = deferred<Computed<string>>();
    const compute = jest.fn(() => before.promise);
    const early = cache.get('a', compute);
    await started(compute);
    cache.changed([TOPIC]);
    const after = deferred<Computed<string>>();
    const late = cache.get('a', () => after.promise);
    before.resolve(made('before the change'));
    await Promise.resolve();
    after.resolve(made('after the change'));
    expect(await early).toBe('before the change');
    expect(await late).toBe('after the change');
  });

  it('lets a request join a render a change not concerning it came during', async () => {
    const cache = new RenderCache<string>(1_000_000, 60_000);
    const render = deferred<Computed<string>>();
    const first = jest.fn(() => render.promise);
    const early = cache.get('a', first);
    await started(first);
    cache.changed([OTHER]);
    const compute = jest.fn(async () => made('second render'));
    const late = cache.get('a', compute);
    render.resolve(made('first render'));
    expect([await early, await late]).toEqual(['first render', 'first render']);
    expect(compute).not.toHaveBeenCalled();
  });

  it('renders a dropped page once the notices of a change have settled, not once per notice', async () => {
    const cache = new RenderCache<string>(1_000_000, 60_000, () => [], { quietMs: 20, maxMs: 200 });
    await cache.get('a', async () => made('v1'));
    cache.changed([TOPIC]);
    const compute = jest.fn(async () => made('v2'));
    const page = cache.get('a', compute);
    // More notices of the same change (other projections applying it) while the render waits to start.
    for (let i = 0; i < 3; i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(compute).not.toHaveBeenCalled();
      cache.changed([TOPIC]);
    }
    expect(await page).toBe('v2');
    expect(compute).toHaveBeenCalledTimes(1);
    expect(await cache.get('a', async () => made('v3'))).toBe('v2');
  });

  it('sends a page a lagging change concerns while it renders again in the background', async () => {
    const cache = new RenderCache<string>(1_000_000, 60_000);
    await cache.get('a', async () => made('v1'));
    cache.changed([TOPIC], true);
    const render = deferred<Computed<string>>();
    const compute = jest.fn(() => render.promise);
    expect(await cache.get('a', compute)).toBe('v1');
    expect(compute).toHaveBeenCalledTimes(1);
    render.resolve(made('v2'));
    await render.promise;
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get('a', async () => made('v3'))).toBe('v2');
  });

  it('drops a page that read a list on any change, and every page on a site-wide one', async () => {
    const cache = new RenderCache<string>(1_000_000, 60_000);
    await cache.get('list', async () => made('list v1', [], true));
    await cache.get('topic', async () => made('topic v1'));
    cache.changed([OTHER]);
    expect(await cache.get('list', async () => made('list v2', [], true))).toBe('list v2');
    expect(await cache.get('topic', async () => made('topic v2'))).toBe('topic v1');
    cache.changed(null);
    expect(await cache.get('topic', async () => made('topic v3'))).toBe('topic v3');
  });

  it('does not use a page made under other site settings, nor keep a failed read', async () => {
    let settings = { siteMode: 'open' };
    const cache = new RenderCache<string>(1_000_000, 60_000, () => [settings]);
    await cache.get('a', async () => made('open'));
    settings = { siteMode: 'closed' };
    expect(await cache.get('a', async () => made('closed'))).toBe('closed');
    const refused = made('refused');
    refused.sources.cacheable = false;
    settings = { siteMode: 'open' };
    await cache.get('a', async () => refused);
    expect(await cache.get('a', async () => made('open again'))).toBe('open again');
  });

  it('holds at most its bound in bytes, the least recently used page out first', async () => {
    const cache = new RenderCache<string>(10_000, 60_000);
    for (const key of ['a', 'b', 'c', 'd']) await cache.get(key, async () => made(key, [TOPIC], false, 2_000));
    await cache.get('a', async () => made('a again'));
    for (const key of ['e', 'f']) await cache.get(key, async () => made(key, [TOPIC], false, 2_000));
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    expect(await cache.get('a', async () => made('a rendered again'))).toBe('a');
    expect(await cache.get('b', async () => made('b rendered again'))).toBe('b rendered again');
  });

  it('finds the ids an answer names', () => {
    const ids = new Set<string>();
    idsIn(`{"topicId":"${TOPIC.toUpperCase()}","author":{"id":"${OTHER}"}}`, ids);
    expect([...ids]).toEqual([TOPIC, OTHER]);
  });
});
