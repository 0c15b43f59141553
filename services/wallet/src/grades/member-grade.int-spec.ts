import { gradeOf } from './member-grade.controller';
import { startWallet, WalletFixture } from '@forum/testing';

describe('a member grade, public (member card and page)', () => {
  let w: WalletFixture;

  beforeAll(async () => {
    w = await startWallet();
  });
  afterAll(() => w?.t.close());

  it('names the highest grade the points reach, for anyone, without the points', async () => {
    const memberId = await w.member();
    const before = await w.t.client.get<Record<string, unknown>>(`/api/wallet/members/${memberId}/grade`);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ grade: 'Newcomer' });
    expect((await w.adjust(memberId, { kind: 'points', amount: 150, reason: 'Good posts' })).status).toBe(200);
    const after = await w.t.client.get<Record<string, unknown>>(`/api/wallet/members/${memberId}/grade`);
    expect(after.body).toEqual({ grade: 'Member' });
  });

  it('answers 404 for a path that is no member id', async () => {
    expect((await w.t.client.get('/api/wallet/members/not-a-member/grade')).status).toBe(404);
  });

  it('picks the grade by its threshold, whatever order staff wrote the table in', () => {
    const table = [
      { name: 'B', needPoint: 100 },
      { name: 'A', needPoint: 0 },
      { name: 'C', needPoint: 500 },
    ];
    expect(gradeOf(99, table)).toBe('A');
    expect(gradeOf(100, table)).toBe('B');
    expect(gradeOf(10_000, table)).toBe('C');
    expect(gradeOf(5, [{ name: 'High', needPoint: 10 }])).toBeNull();
  });
});
