import { ForumFixture, startForum, TestApp } from '@forum/testing';
import type { MemberSuggestion } from './member-lookup';

/** `@` mention autocomplete over HTTP, on members registered through identity. */
describe('GET /api/forum/members/lookup', () => {
  let f: ForumFixture;
  let t: TestApp;
  /** A per-run stem, so names from other runs sharing the stand-in never match. */
  const stem = `Zq${Date.now().toString(36).slice(-5)}`;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    f = await startForum();
    t = f.t;
    for (const suffix of ['Alice', 'alfred', 'Bob', ...Array.from({ length: 11 }, (_, i) => `many${i}`)]) {
      ids[suffix] = await f.member(`${stem}${suffix}`);
    }
  });
  afterAll(() => t.close());

  const lookup = (memberId: string, query: string) =>
    t.client.as(memberId).get<MemberSuggestion[]>(`/api/forum/members/lookup?${query}`);

  it('suggests the members whose nickname starts with the prefix, whatever its case', async () => {
    const response = await lookup(ids.Bob!, `prefix=${encodeURIComponent(stem.toUpperCase() + 'AL')}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      { memberId: ids.alfred, nickname: `${stem}alfred`, avatarUrl: null },
      { memberId: ids.Alice, nickname: `${stem}Alice`, avatarUrl: null },
    ]);
    const none = await lookup(ids.Bob!, `prefix=${stem}nobody`);
    expect(none.body).toEqual([]);
  });

  it('answers at most 10 names, or fewer when asked', async () => {
    expect((await lookup(ids.Bob!, `prefix=${stem}many`)).body).toHaveLength(10);
    const three = await lookup(ids.Bob!, `prefix=${stem}many&limit=3`);
    expect(three.body.map((s) => s.nickname)).toEqual([`${stem}many0`, `${stem}many1`, `${stem}many10`]);
    expect((await lookup(ids.Bob!, `prefix=${stem}&limit=11`)).status).toBe(400);
    expect((await lookup(ids.Bob!, 'prefix=')).status).toBe(400);
  });

  it('is for signed-in members only', async () => {
    const response = await t.client.anonymous().get(`/api/forum/members/lookup?prefix=${stem}`);
    expect(response.status).toBe(401);
  });

  it('limits how fast one member can ask', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await lookup(ids.many0!, `prefix=${stem}b`)).status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(60);
    expect(statuses.at(-1)).toBe(429);
  });
});
