import { randomInt } from 'node:crypto';

/** A uniformly random integer in `[min, max]` (both included). */
export type RandomInt = (min: number, max: number) => number;

/** `crypto.randomInt`, whose upper bound is exclusive. */
export const secureRandomInt: RandomInt = (min, max) => randomInt(min, max + 1);

/**
 * The random envelope's split (docs/rules/wallet.md, red envelopes, "double mean"): with `rest` fen and `left` shares to go (left ≥ 2) the
 * next share is uniform in `[1, max(1, floor(2·rest/left) − 1)]`, capped so each later share keeps 1 fen; the
 * last share takes what is left. Every position has the same expected amount. Needs `total ≥ count`.
 */
export function randomSplit(total: number, count: number, random: RandomInt = secureRandomInt): number[] {
  const shares: number[] = [];
  let rest = total;
  for (let left = count; left > 1; left--) {
    const upper = Math.min(Math.max(1, Math.floor((2 * rest) / left) - 1), rest - (left - 1));
    const share = random(1, upper);
    shares.push(share);
    rest -= share;
  }
  shares.push(rest);
  return shares;
}

/** Type 30: `count` equal shares of `single` fen. */
export function fixedSplit(single: number, count: number): number[] {
  return Array.from({ length: count }, () => single);
}
