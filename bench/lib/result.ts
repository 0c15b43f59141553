/**
 * One machine-readable line per figure, next to each bench's human output, so `npm run bench` (bench/run-all.ts)
 * can collect every figure into bench/RESULTS.md without parsing tables:
 * `BENCH_RESULT {"bench":"auth","name":"login","value":39,"unit":"logins/s","target":null}`.
 */
export const RESULT_PREFIX = 'BENCH_RESULT ';

/** The target for a figure: at least (`>=`) or at most (`<=`) `value`, in the figure's unit. */
export interface Target {
  op: '>=' | '<=';
  value: number;
}

export interface BenchResult {
  bench: string;
  name: string;
  /** null: the measure did not finish within its limit (a target is then missed). */
  value: number | null;
  unit: string;
  target: Target | null;
}

export const atLeast = (value: number): Target => ({ op: '>=', value });
export const atMost = (value: number): Target => ({ op: '<=', value });

/** Prints one figure as a `BENCH_RESULT` line. */
export function reportResult(
  bench: string,
  name: string,
  value: number | null,
  unit: string,
  target: Target | null = null,
): void {
  const result: BenchResult = {
    bench,
    name,
    value: value !== null && Number.isFinite(value) ? value : null,
    unit,
    target,
  };
  console.log(`${RESULT_PREFIX}${JSON.stringify(result)}`);
}

/** Every `BENCH_RESULT` line of a bench's output (other lines, and malformed ones, are ignored). */
export function parseResults(output: string): BenchResult[] {
  const results: BenchResult[] = [];
  for (const line of output.split('\n')) {
    const at = line.indexOf(RESULT_PREFIX);
    if (at < 0) continue;
    try {
      const parsed = JSON.parse(line.slice(at + RESULT_PREFIX.length)) as BenchResult;
      if (typeof parsed.name === 'string' && (typeof parsed.value === 'number' || parsed.value === null))
        results.push(parsed);
    } catch {
      // a truncated line: the human output still has the figure
    }
  }
  return results;
}

/** Whether a figure meets its target; null without a target or without a number. */
export function meets(result: Pick<BenchResult, 'value' | 'target'>): boolean | null {
  if (!result.target) return null;
  if (result.value === null) return false;
  return result.target.op === '>=' ? result.value >= result.target.value : result.value <= result.target.value;
}
