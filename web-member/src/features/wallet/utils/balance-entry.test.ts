// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { balanceMovement } from './balance-entry';

describe('balanceMovement', () => {
  it('books a credit or debit on available only', () => {
    expect(balanceMovement({ kind: 'credit', amount: 500 })).toEqual({ available: 500, frozen: 0 });
    expect(balanceMovement({ kind: 'debit', amount: -300 })).toEqual({ available: -300, frozen: 0 });
  });

  it('books a freeze and a release as a move between available and frozen', () => {
    expect(balanceMovement({ kind: 'freeze', amount: -800 })).toEqual({ available: -800, frozen: 800 });
    expect(balanceMovement({ kind: 'release', amount: 800 })).toEqual({ available: 800, frozen: -800 });
  });

  it('books a spend on frozen only, so a held then awarded bounty leaves available once', () => {
    expect(balanceMovement({ kind: 'spend', amount: -800 })).toEqual({ available: 0, frozen: -800 });
    const entries = [
      { kind: 'freeze', amount: -800 },
      { kind: 'spend', amount: -800 },
    ] as const;
    const total = entries.map(balanceMovement).reduce((sum, move) => sum + move.available + move.frozen, 0);
    expect(total).toBe(-800);
  });
});
