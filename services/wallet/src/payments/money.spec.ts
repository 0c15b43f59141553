import { fenToYuan, yuanToFen } from './money';

describe('recharge amounts (yuan text → integer fen)', () => {
  it.each([
    ['1', 100],
    ['0.01', 1],
    ['0.1', 10],
    ['0.29', 29],
    ['19.99', 1999],
    ['100.00', 10_000],
    [' 8.5 ', 850],
    ['007', 700],
    ['999999999999', 99_999_999_999_900],
    ['9999999999.99', 999_999_999_999],
  ])('%p is %p fen', (yuan, fen) => {
    expect(yuanToFen(yuan)).toBe(fen);
  });

  it.each([
    ['0', 'zero'],
    ['0.00', 'zero'],
    ['-1', 'negative'],
    ['1.234', 'three decimals'],
    ['1000000000000', 'thirteen digits'],
    ['99999999999.99', 'thirteen digits with decimals'],
    ['abc', 'not a number'],
    ['1e3', 'exponent'],
    ['', 'empty'],
    ['1.', 'dangling point'],
    ['.5', 'no whole part'],
    ['1,000', 'thousands separator'],
    ['Infinity', 'infinity'],
  ])('refuses %p (%s)', (yuan) => {
    expect(yuanToFen(yuan)).toBeNull();
  });

  it('formats fen as yuan with two decimals', () => {
    expect(fenToYuan(12345)).toBe('123.45');
    expect(fenToYuan(5)).toBe('0.05');
    expect(fenToYuan(-1000)).toBe('-10.00');
  });
});
