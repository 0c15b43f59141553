// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { checkCashBounty, checkPointsBounty, DEFAULT_QA_SETTINGS } from './qa-settings';

const bounds = DEFAULT_QA_SETTINGS.bounty;

describe('bounty checks', () => {
  it('reads yuan text as fen: empty or zero is no bounty; format, decimals, digits, bounds and balance refused', () => {
    expect(checkCashBounty('', bounds, 5000)).toEqual({ fen: 0, problem: null });
    expect(checkCashBounty('0.00', bounds, 5000)).toEqual({ fen: 0, problem: null });
    expect(checkCashBounty('12.5', bounds, 5000)).toEqual({ fen: 1250, problem: null });
    expect(checkCashBounty('12,5', bounds, 5000).problem?.key).toBe('qa.form.cashFormat');
    expect(checkCashBounty('1.234', bounds, 5000).problem?.key).toBe('qa.form.cashDecimals');
    expect(checkCashBounty('1234567890123', bounds, null).problem).toEqual({
      key: 'qa.form.cashDigits',
      params: { max: 12 },
    });
    expect(checkCashBounty('0.99', bounds, 5000).problem?.key).toBe('qa.form.cashRange');
    expect(checkCashBounty('100000.01', bounds, null).problem?.key).toBe('qa.form.cashRange');
    expect(checkCashBounty('50.01', bounds, 5000).problem?.key).toBe('qa.form.cashOverBalance');
    // The balance not known yet: the server decides.
    expect(checkCashBounty('50.01', bounds, null).problem).toBeNull();
    expect(checkCashBounty('5', { ...bounds, maxAmount: 0 }, 5000).problem?.key).toBe('qa.form.cashDisabled');
  });

  it('reads whole points within the bounds and the member’s points', () => {
    expect(checkPointsBounty('', bounds, 10)).toEqual({ points: 0, problem: null });
    expect(checkPointsBounty('0', bounds, 10)).toEqual({ points: 0, problem: null });
    expect(checkPointsBounty('10', bounds, 10)).toEqual({ points: 10, problem: null });
    expect(checkPointsBounty('1.5', bounds, 10).problem?.key).toBe('qa.form.pointsWhole');
    expect(checkPointsBounty('11', bounds, 10).problem?.key).toBe('qa.form.pointsOverBalance');
    expect(checkPointsBounty('100001', bounds, null).problem?.key).toBe('qa.form.pointsRange');
    expect(checkPointsBounty('3', { ...bounds, maxPoints: 0 }, 10).problem?.key).toBe('qa.form.pointsDisabled');
  });
});
