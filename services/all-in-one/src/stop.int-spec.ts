import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '@forum/local-infra';

/**
 * `npm start`, stopped as a terminal stops it: the signal goes to the whole foreground process group (npm, the
 * shell, node). The app must be gone within 10 s, and with it the Kafka broker and the MongoDB-wire server it
 * started — which live in process groups of their own, so the terminal's signal reaches them only through the app.
 * Runs the real `npm start` (server built into its own folder, web builds as they are), with its own servers.
 */
const ROOT = path.resolve(__dirname, '../../..');
const STOP_LIMIT_MS = 10_000;

interface Proc {
  pid: number;
  pgid: number;
  command: string;
}

function readProc(pid: number): (Proc & { ppid: number }) | null {
  try {
    // "pid (comm) state ppid pgrp ...": comm may hold spaces and parentheses, so split after its last ")".
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [, , ppid, pgid] = stat.slice(stat.lastIndexOf(')') + 1).split(' ');
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
    return { pid, ppid: Number(ppid), pgid: Number(pgid), command };
  } catch {
    return null;
  }
}

/** Every process below `root` (children of children...). */
function descendants(root: number): Proc[] {
  const all = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readProc(Number(name)))
    .filter((proc): proc is Proc & { ppid: number } => proc !== null);
  const found: Proc[] = [];
  const parents = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const proc of all)
      if (parents.has(proc.ppid) && !parents.has(proc.pid)) {
        parents.add(proc.pid);
        found.push(proc);
        grew = true;
      }
  }
  return found;
}

/** Still running (a reused pid runs another command; a zombie has an empty command line). */
const stillRunning = (proc: Proc) => {
  const now = readProc(proc.pid);
  return now !== null && now.command === proc.command;
};

describe('npm start stops on a terminal signal', () => {
  let dataDir: string;
  let ports: Record<string, string>;
  let running: ChildProcess | null = null;
  // Under .cache/ (ignored by git and lint); from there the web builds are not found: a plain page is served.
  const buildOut = `.cache/stop-test-dist-${process.pid}`;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'forum-stop-'));
    ports = {
      PORT: String(await freePort()),
      FORUM_KAFKA_PORT: String(await freePort()),
      FORUM_KAFKA_CONTROLLER_PORT: String(await freePort()),
      FORUM_MONGO_PORT: String(await freePort()),
    };
  });
  afterAll(async () => {
    if (running?.pid && running.exitCode === null) process.kill(-running.pid, 'SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
    await rm(path.join(ROOT, buildOut), { recursive: true, force: true });
  });

  async function start(): Promise<{ npm: ChildProcess; output: () => string; exited: Promise<void> }> {
    const env: NodeJS.ProcessEnv = { ...process.env, ...ports, FORUM_DATA_DIR: dataDir, BUILD_OUT: buildOut };
    env.SKIP_WEB_BUILD = '1';
    // As a member of the public starts it: its own servers, not the harness's; no Jest flags or test mode.
    for (const name of ['KAFKA_BROKERS', 'MONGO_URL', 'NODE_OPTIONS', 'NODE_ENV', 'JWT_SECRET']) delete env[name];
    // detached: a process group of its own, led by npm, as a terminal's foreground job is.
    const npm = spawn('npm', ['start'], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    running = npm;
    let output = '';
    npm.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<void>((resolve) => npm.once('exit', () => resolve()));
    const deadline = Date.now() + 150_000;
    while (!output.includes('Forum is running')) {
      if (npm.exitCode !== null || Date.now() > deadline)
        throw new Error(`npm start did not come up (exit ${npm.exitCode}):\n${output.slice(-4000)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return { npm, output: () => output, exited };
  }

  it.each(['SIGINT', 'SIGTERM'] as const)(
    '%s to the process group: everything is gone within 10 s, the servers after the app',
    async (signal) => {
      const { npm, output, exited } = await start();
      const pgid = npm.pid!;
      const tree = descendants(pgid);
      const app = tree.find((proc) => proc.command.includes('all-in-one/src/main.js'));
      const servers = tree.filter((proc) => /\bjava\b/.test(proc.command.split(' ')[0] ?? ''));
      expect(app).toBeDefined();
      expect(servers).toHaveLength(2);
      // The terminal's signal does not reach the servers: they run in groups of their own.
      expect(app!.pgid).toBe(pgid);
      for (const server of servers) expect(server.pgid).not.toBe(pgid);

      const sent = Date.now();
      process.kill(-pgid, signal);
      const deadline = sent + 15_000;
      while ([npm.exitCode === null && npm.signalCode === null, ...tree.map(stillRunning)].some(Boolean)) {
        if (Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 1000))]);
      const tookMs = Date.now() - sent;
      const log = output();
      console.log(
        `npm start: ${signal} to its process group -> all gone in ${tookMs} ms\n${log.match(/Stopped in .*/)?.[0]}`,
      );

      expect(tree.filter(stillRunning).map((proc) => proc.command)).toEqual([]);
      expect(tookMs).toBeLessThan(STOP_LIMIT_MS);
      expect(log).toContain(`${signal}: stopping`);
      // The app closed (consumers and producers) before the servers were stopped: no reconnect storm.
      expect(log).toMatch(/Stopped in \d+ ms \(requests \d+ ms, app \d+ ms, Kafka and MongoDB \d+ ms\)/);
      expect(log.slice(log.indexOf(`${signal}: stopping`))).not.toMatch(/ECONNREFUSED|Connection error/);
      expect(existsSync(path.join(dataDir, 'mongo.mv'))).toBe(true);
    },
    240_000,
  );
});
