import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Linux's clock ticks per second (`getconf CLK_TCK`): the unit of /proc/<pid>/stat's CPU times. */
export const TICKS_PER_SECOND = 100;

/** One process as /proc shows it: its parent, a readable name and the CPU it used so far (user + system ticks). */
export interface Proc {
  pid: number;
  ppid: number;
  name: string;
  ticks: number;
  /** When it started (clock ticks after boot): with the pid, it names this process and no later one. */
  startTime: number;
  /** Z: ended, not yet reaped. */
  state: string;
}

export function readProc(pid: number): Proc | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid ... utime(14) stime(15)": split after comm's last ")" (it may hold spaces).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const name = cmdline.some((arg) => arg.includes('kafka'))
      ? 'Kafka (JVM)'
      : cmdline[0]?.endsWith('java')
        ? 'MongoDB-wire (JVM)'
        : `${path.basename(cmdline[0] ?? '?')} ${path.basename(cmdline.find((a) => a.endsWith('.js')) ?? '')}`.trim();
    return {
      pid,
      ppid: Number(fields[1]),
      name,
      ticks: Number(fields[11]) + Number(fields[12]),
      startTime: Number(fields[19]),
      state: fields[0]!,
    };
  } catch {
    return null;
  }
}

/** The process and everything below it. */
export function tree(root: number): Proc[] {
  const all = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map((entry) => readProc(Number(entry)))
    .filter((proc): proc is Proc => proc !== null);
  const found = all.filter((proc) => proc.pid === root);
  const pids = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const proc of all)
      if (pids.has(proc.ppid) && !pids.has(proc.pid)) {
        pids.add(proc.pid);
        found.push(proc);
        grew = true;
      }
  }
  return found;
}

/**
 * CPU seconds the tree of `root` used since `before` (a `tree(root)` taken earlier): each process's ticks less
 * what it had then (a process started since counts whole; one that ended since is not counted).
 */
export function cpuSecondsSince(root: number, before: Proc[]): number {
  const had = new Map(before.map((proc) => [proc.pid, proc.ticks]));
  const ticks = tree(root).reduce((sum, proc) => sum + proc.ticks - (had.get(proc.pid) ?? 0), 0);
  return ticks / TICKS_PER_SECOND;
}

/** Whether `proc` (as read earlier) still runs: the same pid and start time, not a zombie. */
export function stillRunning(proc: Proc): boolean {
  const now = readProc(proc.pid);
  return now !== null && now.startTime === proc.startTime && now.state !== 'Z';
}
