import { fenToYuan, formatFen, MAX_YUAN_DIGITS, yuanToFen } from './money';
import { yuanAmount } from './yuan-amount';

describe('yuan text → integer fen', () => {
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

  it('allows twelve digits in all', () => {
    expect(MAX_YUAN_DIGITS).toBe(12);
  });
});

describe('integer fen → yuan text', () => {
  it.each([
    [12345, '123.45'],
    [5, '0.05'],
    [100, '1.00'],
    [0, '0.00'],
    [-0, '0.00'],
    [-1000, '-10.00'],
    [-5, '-0.05'],
    [-150, '-1.50'],
    [99_999_999_999_900, '999999999999.00'],
    // The largest amount a double holds exactly: every digit kept, no binary fraction on the way.
    [Number.MAX_SAFE_INTEGER, '90071992547409.91'],
    [-Number.MAX_SAFE_INTEGER, '-90071992547409.91'],
  ])('%p fen is %p', (fen, yuan) => {
    expect(fenToYuan(fen)).toBe(yuan);
  });

  it.each([0.5, 1.999, -12.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1])(
    'refuses %p instead of rounding it',
    (fen) => {
      expect(() => fenToYuan(fen)).toThrow(RangeError);
      expect(() => formatFen(fen)).toThrow(RangeError);
    },
  );

  it('reads back what it writes', () => {
    for (const fen of [1, 29, 1999, 10_000, 999_999_999_999]) expect(yuanToFen(fenToYuan(fen))).toBe(fen);
  });
});

describe('fen with the currency sign', () => {
  it.each([
    [123456, '¥1234.56', '+¥1234.56'],
    [-1000, '-¥10.00', '-¥10.00'],
    [-1, '-¥0.01', '-¥0.01'],
    [0, '¥0.00', '¥0.00'],
    [99_999_999_999_900, '¥999999999999.00', '+¥999999999999.00'],
  ])('%p fen is %p, and %p signed', (fen, plain, signed) => {
    expect(formatFen(fen)).toBe(plain);
    expect(formatFen(fen, { signed: true })).toBe(signed);
  });
});

describe('a yuan amount in a request', () => {
  it('answers fen for yuan text or a JSON number', () => {
    expect(yuanAmount().parse('12.30')).toBe(1230);
    expect(yuanAmount().parse(0.29)).toBe(29);
  });

  it.each(['0', '-1', '1.234', 1e21, 'abc'])('refuses %p with validation.amount_format', (value) => {
    const result = yuanAmount().safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ code: 'custom', params: { code: 'validation.amount_format' } });
  });
});
