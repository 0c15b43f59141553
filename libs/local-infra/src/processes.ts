import { ChildProcess, spawn } from 'node:child_process';
import {
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { javaBin } from './paths';

/** A free TCP port on 127.0.0.1 (free when this returns; bind it soon). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('local-infra: could not determine a free port'));
      });
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Every Java child is tracked here so that none outlives this process: on `exit` they get SIGKILL,
// on SIGINT/SIGTERM (when nobody else handles the signal) SIGTERM and the signal is re-raised.
// As a last resort each child runs under StdinWatch, which ends the JVM when its stdin pipe from
// this process closes, i.e. even when this process is SIGKILLed.
//
// Each child runs in a process group of its own (`detached`): Ctrl+C in a terminal signals the
// whole foreground group, and the broker and database must outlive the app that uses them until
// that app has closed its consumers and producers; the app stops them afterwards (`stop()`).
// ---------------------------------------------------------------------------------------------

const children = new Set<ChildProcess>();
const tempDirs = new Set<string>();
let hooksInstalled = false;

function onSignal(signal: NodeJS.Signals): void {
  // Someone else (a CLI, Jest) handles this signal and is responsible for stopping us cleanly.
  if (process.listenerCount(signal) > 1) return;
  for (const child of children) child.kill('SIGTERM');
  process.removeListener(signal, onSignal);
  process.kill(process.pid, signal);
}

function installHooks(): void {
  if (hooksInstalled) return;
  hooksInstalled = true;
  process.on('exit', () => {
    for (const child of children) child.kill('SIGKILL');
    if (!process.env.FORUM_INFRA_KEEP) {
      for (const dir of tempDirs) {
        try {
          rmSync(dir, { recursive: true, force: true });
        } catch {
          // best effort
        }
      }
    }
  });
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

const OWNER_FILE = '.local-infra-owner-pid';
let swept = false;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Remove temp dirs left by earlier processes that are gone. The `exit` hook does not run when the
 * owner was killed, nor inside a Jest sandbox (its `process.on('exit')` never fires).
 */
function sweepStaleTempDirs(): void {
  if (swept || process.env.FORUM_INFRA_KEEP) return;
  swept = true;
  for (const name of readdirSync(tmpdir())) {
    if (!/^forum-(kafka|mongo)-/.test(name)) continue;
    const dir = path.join(tmpdir(), name);
    try {
      const owner = Number(readFileSync(path.join(dir, OWNER_FILE), 'utf8'));
      if (Number.isInteger(owner) && owner > 0 && !alive(owner)) rmSync(dir, { recursive: true, force: true });
    } catch {
      // not ours, or already gone
    }
  }
}

/** A fresh temp dir, removed when this process exits (unless FORUM_INFRA_KEEP is set). */
export function makeTempDir(prefix: string): string {
  installHooks();
  sweepStaleTempDirs();
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  writeFileSync(path.join(dir, OWNER_FILE), String(process.pid));
  tempDirs.add(dir);
  return dir;
}

export interface JavaProcess {
  child: ChildProcess;
  logFile: string;
  /** Resolves with the exit code (or signal name) once the process has exited. */
  exited: Promise<number | string>;
  hasExited(): boolean;
  stop(graceMs?: number): Promise<void>;
  kill(): Promise<void>;
}

export interface SpawnJavaOptions {
  classpath: string;
  jvmArgs: string[];
  mainClass: string;
  args: string[];
  logFile: string;
  /** Pipe stdout to this callback (and to the log file) instead of writing it straight to the log. */
  onStdoutLine?: (line: string) => void;
}

export function spawnJava(opts: SpawnJavaOptions): JavaProcess {
  installHooks();
  mkdirSync(path.dirname(opts.logFile), { recursive: true });
  const logFd = openSync(opts.logFile, 'a');
  const child = spawn(javaBin(), [...opts.jvmArgs, '-cp', opts.classpath, 'StdinWatch', opts.mainClass, ...opts.args], {
    stdio: ['pipe', opts.onStdoutLine ? 'pipe' : logFd, logFd],
    detached: true,
  });
  children.add(child);
  let logOpen = true;
  const closeLog = (): void => {
    if (!logOpen) return;
    logOpen = false;
    try {
      closeSync(logFd);
    } catch {
      // already closed
    }
  };
  // After 'close' all stdio streams have ended, so nothing more will be written.
  child.on('close', closeLog);
  // Never write to stdin: it is only there so the JVM sees EOF when we go away.
  child.stdin?.on('error', () => undefined);

  if (opts.onStdoutLine && child.stdout) {
    const onLine = opts.onStdoutLine;
    let buffer = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (logOpen) {
        try {
          writeSync(logFd, chunk);
        } catch {
          // log file gone: ignore
        }
      }
      buffer += chunk;
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        onLine(buffer.slice(0, nl).replace(/\r$/, ''));
        buffer = buffer.slice(nl + 1);
      }
    });
  }

  let done = false;
  const exited = new Promise<number | string>((resolve) => {
    const finish = (code: number | string): void => {
      if (done) return;
      done = true;
      children.delete(child);
      resolve(code);
    };
    child.on('exit', (code, signal) => finish(code ?? signal ?? 'unknown'));
    child.on('error', (err) => {
      closeLog();
      finish(`spawn error: ${err.message}`);
    });
  });

  const kill = async (): Promise<void> => {
    if (!done) child.kill('SIGKILL');
    await exited;
  };
  const stop = async (graceMs = 15_000): Promise<void> => {
    if (done) return;
    child.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const timedOut = await Promise.race([
      exited.then(() => false),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), graceMs);
      }),
    ]);
    if (timer) clearTimeout(timer);
    if (timedOut) await kill();
  };

  return { child, logFile: opts.logFile, exited, hasExited: () => done, stop, kill };
}

/** The last `bytes` of a file, for error messages. */
export function tail(file: string, bytes = 4000): string {
  try {
    const size = statSync(file).size;
    const start = Math.max(0, size - bytes);
    const fd = openSync(file, 'r');
    try {
      const buf = Buffer.alloc(size - start);
      readSync(fd, buf, 0, buf.length, start);
      return buf.toString('utf8');
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    return `(no log: ${(error as Error).message})`;
  }
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Run a command to completion, collecting its output; rejects on non-zero exit. */
export function run(
  cmd: string,
  args: string[],
  opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: opts.cwd, env: opts.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.on('error', (err) => reject(new Error(`${cmd} could not start: ${err.message}`)));
    child.on('exit', (code, signal) => {
      if (code === 0) resolve(out);
      else reject(new Error(`${cmd} ${args.join(' ')} failed (${code ?? signal}):\n${out.slice(-4000)}`));
    });
  });
}
