import { Db, MongoClient } from 'mongodb';
import type { EventEnvelope } from '@forum/contracts';
import { testInfra, uniqueName } from '@forum/testing';
import { ReadModelWriter, sourceKey } from './read-model-writer';

const event = (streamId: string, version: number) => ({ streamId, version }) as unknown as EventEnvelope;

describe('ReadModelWriter: guarded writes to a document fed by many streams (ADR 0003)', () => {
  let mongo: MongoClient;
  let db: Db;

  beforeAll(async () => {
    mongo = await new MongoClient(testInfra().mongoUrl).connect();
    db = mongo.db(uniqueName('rmw_'));
  });

  afterAll(async () => {
    await db.dropDatabase();
    await mongo.close();
  });

  /** One batch: each event adds its stream's id to the list and counts it, once per stream version. */
  async function apply(events: EventEnvelope[]): Promise<void> {
    const writer = new ReadModelWriter(db);
    for (const e of events)
      writer.updateOnce('lists', 'topic', e, { $addToSet: { ids: e.streamId }, $inc: { count: 1 } }, { upsert: true });
    await writer.flush();
  }

  it('applies each stream version once, whatever is redelivered, and reads back only the entries it checks', async () => {
    const streams = Array.from({ length: 1_500 }, (_, i) => `comment-${String(i).padStart(6, '0')}`);
    for (let i = 0; i < streams.length; i += 500) await apply(streams.slice(i, i + 500).map((s) => event(s, 1)));
    const lists = db.collection<{ _id: string; ids: string[]; count: number; _src: Record<string, number> }>('lists');
    expect((await lists.findOne({ _id: 'topic' }))!.count).toBe(1_500);

    const find = jest.spyOn(lists.constructor.prototype, 'find');
    // A redelivered batch (old and current versions), two events of one stream in one batch, and a new stream.
    await apply([
      event(streams[7]!, 1),
      event(streams[1_499]!, 1),
      event(streams[3]!, 2),
      event(streams[3]!, 2),
      event('comment.with$odd%chars', 1),
    ]);
    const projection = (find.mock.calls[0]![1] as { projection: Record<string, number> }).projection;
    find.mockRestore();
    expect(Object.keys(projection).sort()).toEqual(
      [
        '_version',
        ...[streams[7]!, streams[1_499]!, streams[3]!, 'comment.with$odd%chars'].map((s) => `_src.${sourceKey(s)}`),
      ].sort(),
    );
    const doc = (await lists.findOne({ _id: 'topic' }))!;
    expect(doc.count).toBe(1_502);
    expect(doc.ids).toHaveLength(1_501);
    expect(doc._src[sourceKey(streams[3]!)]).toBe(2);
    expect(doc._src[sourceKey('comment.with$odd%chars')]).toBe(1);
    expect(Object.keys(doc._src)).toHaveLength(1_501);

    await apply([event('comment.with$odd%chars', 1), event(streams[3]!, 1)]);
    expect((await lists.findOne({ _id: 'topic' }))!.count).toBe(1_502);
  });
});
