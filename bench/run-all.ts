import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { meets, parseResults } from './lib/result';
import type { BenchResult, Target } from './lib/result';

/**
 * `npm run bench` (`-- --quick` for small sizes, `-- --only auth,search`, `-- --skip web`, `-- --out FILE`,
 * `-- --from-log forum=FILE` to take a bench's figures from the saved output of its own run instead of running it,
 * e.g. a two-phase forum seed and measure that took longer than one sitting): runs
 * every benchmark one after another, each in its own process, shows its output as it goes, collects the figures
 * each prints as `BENCH_RESULT {...}` lines (bench/lib/result.ts) and writes bench/RESULTS.md: the machine, the
 * date, the load average, and each figure against its target from the issues.
 *
 * Infrastructure: with KAFKA_BROKERS and MONGO_URL set, the benches use those servers; otherwise each starts its
 * own (bench/web needs a running app at BENCH_URL, default http://127.0.0.1:3000, and is skipped without one).
 * Full sizes are each bench's defaults (the issues' sizes); run them on a quiet machine.
 */
interface Bench {
  name: string;
  /** Scripts under dist/bench, run in turn; node flags first. */
  scripts: { file: string; node?: string[] }[];
  /** Command-line flags and environment for `--quick`. */
  quick: { args?: string[]; env?: Record<string, string> };
  /** Figures from a bench that prints no BENCH_RESULT line (parsed from its table instead). */
  fallback?: (output: string) => BenchResult[];
  /** Why the bench cannot run here, or null. */
  precondition?: () => Promise<string | null>;
}

const NO_NEGATIVE_TIMEOUT_WARNING = '--disable-warning=TimeoutNegativeWarning';

/** `| name | 1234 req/s | p50 | p95 | p99 | failed |` rows (bench/forum's and bench/qa's autocannon tables). */
function cannonRows(bench: string, target: { rps: Target; p99: Target } | null) {
  return (output: string): BenchResult[] =>
    [...output.matchAll(/^\| ([^|]+?) \| (\d+) req\/s \| ([\d.]+) \| ([\d.]+) \| ([\d.]+) \| (\d+) \|$/gm)].flatMap(
      ([, name, rps, , , p99, failed]) => [
        { bench, name: `${name}: throughput`, value: Number(rps), unit: 'req/s', target: target?.rps ?? null },
        { bench, name: `${name}: p99`, value: Number(p99), unit: 'ms', target: target?.p99 ?? null },
        { bench, name: `${name}: failed`, value: Number(failed), unit: 'requests', target: { op: '<=', value: 0 } },
      ],
    );
}

const BENCH_URL = (process.env.BENCH_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');

const BENCHES: Bench[] = [
  {
    name: 'event-pipeline',
    scripts: [{ file: 'event-pipeline/run.js', node: [NO_NEGATIVE_TIMEOUT_WARNING] }],
    quick: {
      env: {
        BENCH_STREAMS: '200',
        BENCH_SATURATION_EVENTS: '3000',
        BENCH_PACED_SECONDS: '3',
        BENCH_BACKLOG_EVENTS: '5000',
      },
    },
  },
  {
    name: 'auth',
    scripts: [{ file: 'auth/run.js', node: [NO_NEGATIVE_TIMEOUT_WARNING] }],
    quick: { env: { BENCH_LOGINS: '48', BENCH_REFRESHES: '300' } },
  },
  {
    name: 'web',
    scripts: [{ file: 'web/run.js' }],
    quick: { env: { BENCH_RUNS: '1' } },
    async precondition() {
      const health = await fetch(`${BENCH_URL}/api/health`, { signal: AbortSignal.timeout(3000) }).catch(() => null);
      return health?.ok
        ? null
        : `no app answers ${BENCH_URL}/api/health (start one with \`npm start\` or set BENCH_URL)`;
    },
  },
  {
    name: 'wallet',
    scripts: [{ file: 'wallet/run.js', node: [NO_NEGATIVE_TIMEOUT_WARNING] }],
    quick: { env: { BENCH_OPS: '500', BENCH_WALLETS: '100', BENCH_AUDIT_EVENTS: '20000' } },
  },
  {
    name: 'forum',
    scripts: [{ file: 'forum/run.js', node: [NO_NEGATIVE_TIMEOUT_WARNING] }],
    quick: { args: ['--topics', '2000', '--comments', '10000', '--authors', '200', '--seconds', '3'] },
    fallback: cannonRows('forum', null),
  },
  {
    // Issue 18: the topic page's first paint (views/s, p99) and the reply write path.
    name: 'forum-page',
    scripts: [
      { file: 'forum/topic-page.js', node: [NO_NEGATIVE_TIMEOUT_WARNING] },
      { file: 'forum/reply-write.js', node: [NO_NEGATIVE_TIMEOUT_WARNING] },
    ],
    quick: { args: ['--large', '200', '--seconds', '3'] },
  },
  {
    name: 'idle',
    scripts: [{ file: 'idle/run.js', node: [NO_NEGATIVE_TIMEOUT_WARNING] }],
    quick: { args: ['--settle', '10', '--sample', '20', '--posts', '1'] },
  },
  {
    name: 'qa',
    scripts: [{ file: 'qa/run.js', node: [NO_NEGATIVE_TIMEOUT_WARNING] }],
    quick: { args: ['--questions', '1000', '--authors', '100', '--seconds', '3'] },
    // Issue 7: "target as the forum's" for every measure.
    fallback: cannonRows('qa', { rps: { op: '>=', value: 5000 }, p99: { op: '<=', value: 50 } }),
  },
  {
    name: 'messaging',
    scripts: [{ file: 'messaging/run.js', node: ['--expose-gc', NO_NEGATIVE_TIMEOUT_WARNING] }],
    quick: {
      args: [
        ...['--comments', '200', '--authors', '20', '--rate', '50', '--seconds', '3', '--watchers', '10'],
        ...['--followers', '5000', '--connections', '500', '--limit', '60'],
      ],
    },
  },
  {
    name: 'search',
    scripts: [{ file: 'search/run.js', node: ['--expose-gc'] }, { file: 'search/quality.js' }],
    quick: { env: { BENCH_SEARCH_DOCS: '5000', BENCH_SEARCH_QUERIES: '500' } },
  },
];

interface Options {
  quick: boolean;
  only: string[] | null;
  skip: string[];
  out: string;
  timeoutMinutes: number;
  /** Bench name → a saved output of that bench: its figures are read from there, the bench is not run. */
  fromLog: Map<string, string>;
}

function options(argv: string[]): Options {
  const value = (flag: string) => {
    const at = argv.indexOf(flag);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  const list = (flag: string) => value(flag)?.split(',').filter(Boolean) ?? null;
  const known = new Set(BENCHES.map((bench) => bench.name));
  const only = list('--only');
  const skip = list('--skip') ?? [];
  for (const name of [...(only ?? []), ...skip]) if (!known.has(name)) throw new Error(`no bench named ${name}`);
  const quick = argv.includes('--quick');
  return {
    quick,
    only,
    skip,
    out: path.resolve(value('--out') ?? path.join(__dirname, '..', '..', 'bench', 'RESULTS.md')),
    timeoutMinutes: Number(value('--timeout-minutes') ?? (quick ? 15 : 90)),
    fromLog: new Map(
      (list('--from-log') ?? []).map((entry) => {
        const [name, file] = entry.split('=');
        if (!name || !file || !known.has(name)) throw new Error(`--from-log wants <bench>=<file>, got ${entry}`);
        return [name, path.resolve(file)];
      }),
    ),
  };
}

interface Outcome {
  bench: Bench;
  status: 'ok' | 'failed' | 'skipped' | 'timed out' | 'absent';
  detail: string;
  seconds: number;
  results: BenchResult[];
  tail: string[];
  loadBefore: number[];
  loadAfter: number[];
}

/** Runs one script, echoing its output; resolves with the output and how it ended. */
function runScript(
  script: Bench['scripts'][number],
  args: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<{ output: string; code: number | null; timedOut: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...(script.node ?? []), path.join(__dirname, script.file), ...args], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const take = (sink: NodeJS.WriteStream) => (chunk: Buffer) => {
      output += chunk.toString();
      sink.write(chunk);
    };
    child.stdout.on('data', take(process.stdout));
    child.stderr.on('data', take(process.stderr));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ output, code, timedOut });
    });
  });
}

async function runBench(bench: Bench, opts: Options): Promise<Outcome> {
  const loadBefore = os.loadavg();
  const started = performance.now();
  const outcome = (status: Outcome['status'], detail: string, results: BenchResult[] = [], tail: string[] = []) => ({
    bench,
    status,
    detail,
    seconds: Math.round((performance.now() - started) / 100) / 10,
    results,
    tail,
    loadBefore,
    loadAfter: os.loadavg(),
  });
  const saved = opts.fromLog.get(bench.name);
  if (saved) {
    const results = collect(bench, readFileSync(saved, 'utf8'));
    return outcome('ok', `figures from its own run's output, ${path.basename(saved)}`, results);
  }
  const missing = bench.scripts.find((script) => !existsSync(path.join(__dirname, script.file)));
  if (missing) return outcome('absent', `dist/bench/${missing.file} is not built`);
  const unmet = (await bench.precondition?.()) ?? null;
  if (unmet) return outcome('skipped', unmet);
  const args = opts.quick ? (bench.quick.args ?? []) : [];
  const env = { ...process.env, ...(opts.quick ? bench.quick.env : {}) };
  let output = '';
  for (const script of bench.scripts) {
    const left = opts.timeoutMinutes * 60_000 - (performance.now() - started);
    const run = await runScript(script, args, env, Math.max(1_000, left));
    output += run.output;
    const tail = output.trimEnd().split('\n').slice(-15);
    const results = collect(bench, output);
    if (run.timedOut) return outcome('timed out', `stopped after ${opts.timeoutMinutes} min`, results, tail);
    if (run.code !== 0) return outcome('failed', `${script.file} exited with ${run.code}`, results, tail);
  }
  const results = collect(bench, output);
  return outcome('ok', results.length ? '' : 'no figures captured', results);
}

function collect(bench: Bench, output: string): BenchResult[] {
  const results = parseResults(output);
  return results.length || !bench.fallback ? results : bench.fallback(output);
}

const load = (values: number[]) => values.map((n) => n.toFixed(2)).join(' ');
const number = (value: number) => (Number.isInteger(value) ? value.toLocaleString('en-US') : String(value));
const targetText = (target: Target | null, unit: string) =>
  target ? `${target.op === '>=' ? '≥' : '≤'} ${number(target.value)} ${unit}`.trim() : '—';
const verdict = (result: BenchResult) => ({ true: '✓ met', false: '✗ missed', null: '—' })[String(meets(result))];

function report(outcomes: Outcome[], opts: Options, started: Date, loadBefore: number[]): string {
  const cpus = os.cpus();
  const all = outcomes.flatMap((outcome) => outcome.results);
  const judged = all.filter((result) => meets(result) !== null);
  const met = judged.filter((result) => meets(result)).length;
  const lines = [
    '# Benchmark results',
    '',
    `Written by \`npm run bench${opts.quick ? ' -- --quick' : ''}\` (bench/run-all.ts). Each bench prints its full output too; see its README for what it measures.`,
    '',
    opts.quick
      ? '> **Quick sizes**: a smoke run at small sizes. These figures prove the benches run; they are not comparable with the targets, which assume the issues’ sizes on a quiet machine.'
      : '> Full sizes (each bench’s defaults, the issues’ sizes).',
    '',
    '## Machine',
    '',
    `- CPU: ${cpus[0]?.model ?? 'unknown'} × ${cpus.length} cores`,
    `- RAM: ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB (${(os.freemem() / 2 ** 30).toFixed(1)} GiB free at the end)`,
    `- OS: ${os.type()} ${os.release()} (${os.arch()})`,
    `- Node: ${process.version}`,
    `- Date: ${started.toISOString()} → ${new Date().toISOString()}`,
    `- Load average (1, 5, 15 min): before ${load(loadBefore)}, after ${load(os.loadavg())}`,
    `- Infrastructure: ${process.env.KAFKA_BROKERS && process.env.MONGO_URL ? `shared Kafka ${process.env.KAFKA_BROKERS} and MongoDB-wire ${process.env.MONGO_URL.replace(/\/\/[^@/]*@/, '//')}` : 'each bench starts its own Kafka and MongoDB-wire server'}`,
    '',
    '## Summary',
    '',
    '| bench | status | time | figures | targets met | load before → after |',
    '|---|---|---|---|---|---|',
    ...outcomes.map((outcome) => {
      const mine = outcome.results.filter((result) => meets(result) !== null);
      return `| ${outcome.bench.name} | ${outcome.status}${outcome.detail ? ` (${outcome.detail})` : ''} | ${outcome.seconds} s | ${outcome.results.length} | ${mine.length ? `${mine.filter((result) => meets(result)).length} / ${mine.length}` : '—'} | ${load(outcome.loadBefore.slice(0, 1))} → ${load(outcome.loadAfter.slice(0, 1))} |`;
    }),
    '',
    `Targets met: **${met} of ${judged.length}**${
      judged.length > met
        ? ` (missed: ${judged
            .filter((result) => !meets(result))
            .map((result) => `${result.bench}: ${result.name}`)
            .join('; ')})`
        : ''
    }.`,
    '',
    '## Figures',
  ];
  for (const outcome of outcomes) {
    lines.push('', `### ${outcome.bench.name}`, '');
    if (outcome.results.length) {
      lines.push('| figure | value | target | |', '|---|---|---|---|');
      for (const result of outcome.results)
        lines.push(
          `| ${result.name} | ${result.value === null ? 'not reached within the limit' : `${number(result.value)} ${result.unit}`.trim()} | ${targetText(result.target, result.unit)} | ${verdict(result)} |`,
        );
    } else {
      lines.push(`No figures: ${outcome.status}${outcome.detail ? `, ${outcome.detail}` : ''}.`);
    }
    if (outcome.tail.length) lines.push('', 'Last lines of its output:', '', '```', ...outcome.tail, '```');
  }
  return `${lines.join('\n')}\n`;
}

async function main(): Promise<void> {
  const opts = options(process.argv.slice(2));
  const started = new Date();
  const loadBefore = os.loadavg();
  const chosen = BENCHES.filter(
    (bench) => (!opts.only || opts.only.includes(bench.name)) && !opts.skip.includes(bench.name),
  );
  console.log(
    `npm run bench: ${chosen.map((bench) => bench.name).join(', ')} at ${opts.quick ? 'quick' : 'full'} sizes; load ${load(loadBefore)}`,
  );
  const outcomes: Outcome[] = [];
  for (const bench of chosen) {
    console.log(`\n=== bench/${bench.name} ===`);
    const outcome = await runBench(bench, opts);
    console.log(
      `=== bench/${bench.name}: ${outcome.status}${outcome.detail ? ` (${outcome.detail})` : ''}, ${outcome.results.length} figures, ${outcome.seconds} s`,
    );
    outcomes.push(outcome);
    // Written after every bench, so a long run that is stopped still leaves what it measured.
    writeFileSync(opts.out, report(outcomes, opts, started, loadBefore));
  }
  console.log(`\nwrote ${path.relative(process.cwd(), opts.out)}`);
  if (outcomes.some((outcome) => outcome.status === 'failed' || outcome.status === 'timed out')) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
