import { legsWithPlatformShare } from './transfers';

const payee = { memberId: 'author', module: 80, remark: 'Unlock income' };

describe('platform share of cash moving between members', () => {
  it('gives the platform its whole-percent share, rounded down, and the payee the rest', () => {
    expect(legsWithPlatformShare(300, 10, payee, 'share').map((leg) => [leg.memberId, leg.amount])).toEqual([
      ['author', 270],
      ['platform', 30],
    ]);
    expect(legsWithPlatformShare(99, 10, payee, 'share').map((leg) => leg.amount)).toEqual([90, 9]);
  });

  it('leaves out a leg of zero', () => {
    expect(legsWithPlatformShare(5, 10, payee, 'share')).toEqual([{ ...payee, amount: 5 }]);
    expect(legsWithPlatformShare(300, 0, payee, 'share')).toEqual([{ ...payee, amount: 300 }]);
    expect(legsWithPlatformShare(300, 100, payee, 'share')).toEqual([
      { memberId: 'platform', amount: 300, module: 80, remark: 'share' },
    ]);
  });

  it('stays exact for the largest amounts', () => {
    expect(legsWithPlatformShare(99_999_999_999_999, 33, payee, 'share').map((leg) => leg.amount)).toEqual([
      67_000_000_000_000, 32_999_999_999_999,
    ]);
  });

  it('always adds up to the amount moved', () => {
    for (const amount of [1, 7, 99, 100, 12_345]) {
      for (const percent of [0, 1, 15, 33, 50, 99, 100]) {
        const legs = legsWithPlatformShare(amount, percent, payee, 'share');
        expect(legs.reduce((sum, leg) => sum + leg.amount, 0)).toBe(amount);
      }
    }
  });
});
