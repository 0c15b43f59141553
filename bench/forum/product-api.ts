import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { CommandBus } from '@nestjs/cqrs';
import { newId } from '@forum/contracts';
import type { CommandMetadata } from '@forum/contracts';
import { MEMBER_PROFILES, PermissionChecker } from '@forum/platform';
import type { TestApp } from '@forum/testing';
import { RegisterMemberCommand } from '../../services/identity/src/accounts/commands';
import type { IssuedTokens } from '../../services/identity/src/sessions/session-issuer';
import { ForumModule } from '../../services/forum/src/forum.module';
import { IdentityModule } from '../../services/identity/src/identity.module';
import { startBenchApp, textFlag, until, useInfra } from '../lib/pipeline';
import type { PageDriverRequest, PageDriverResult } from './page-driver';

/** What bench/forum/topic-page and bench/forum/reply-write share: members, writes over HTTP, the driver. */

const CSRF = 'bench-csrf-token-0123456789';

export interface Member {
  id: string;
  token: string;
}

export const systemMeta = (): CommandMetadata => ({
  actor: { kind: 'system', id: null, ip: '127.0.0.1' },
  now: new Date(),
  correlationId: newId(),
});

/** Members as the sign-up form makes them (their profiles are the author cards), known to the forum's copies. */
export async function registerMembers(t: TestApp, count: number): Promise<Member[]> {
  const members: Member[] = [];
  for (let i = 0; i < count; i++) {
    const password = 'bench-password-1';
    const issued = (await t.app.get(CommandBus).execute(
      new RegisterMemberCommand(
        {
          account: `tp${Date.now().toString(36)}${i}`,
          nickname: `Reader ${i} ${newId().slice(-6)}`,
          password,
          confirmPassword: password,
          agreeTerms: true,
        },
        systemMeta(),
        'member',
        true,
      ),
    )) as IssuedTokens;
    members.push({ id: issued.systemUser.id, token: issued.accessToken });
  }
  const checker = t.app.select(ForumModule).get(PermissionChecker);
  await until('member profiles and roles in the forum', async () => {
    const profiles = await t.db('forum').collection(MEMBER_PROFILES).countDocuments();
    if (profiles < count) return `${profiles} profiles`;
    for (const member of members)
      if (!(await checker.can({ kind: 'member', id: member.id }, 'comment.post'))) return 'roles not yet';
    return (await checker.can({ kind: 'visitor', id: null }, 'topic.view')) ? null : 'visitor role not yet';
  });
  return members;
}

/** The headers of a signed-in member's write from the member site (Bearer token, CSRF double-submit). */
export const writeHeaders = (member: Member): Record<string, string> => ({
  authorization: `Bearer ${member.token}`,
  cookie: `cms_token=${CSRF}`,
  'bbs-xsrf-token': CSRF,
  'x-requested-with': 'XMLHttpRequest',
  'content-type': 'application/json',
});

/** A member's POST, answered 200/201 (tried three times), as JSON. */
export async function post<T>(base: string, member: Member, url: string, body: unknown): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: writeHeaders(member),
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as T;
    if (response.status === 201 || response.status === 200) return answer;
    if (attempt >= 3) throw new Error(`${url}: ${response.status} ${JSON.stringify(answer)}`);
  }
}

/** Machine-wide CPU time from /proc/stat (busy, total), to report how busy both cores were during a measure. */
export function machineTicks(): { busy: number; total: number } {
  try {
    const [cpu] = readFileSync('/proc/stat', 'utf8').split('\n');
    const ticks = cpu!.trim().split(/\s+/).slice(1).map(Number);
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
    const total = ticks.reduce((sum, n) => sum + n, 0);
    return { busy: total - idle, total };
  } catch {
    return { busy: 0, total: 0 };
  }
}

/** One measure by page-driver.ts in its own process. */
export function drive(request: PageDriverRequest): Promise<PageDriverResult> {
  return new Promise((resolve, reject) => {
    const driver = path.join(__dirname, 'page-driver.js');
    const child = spawn(process.execPath, [driver, JSON.stringify(request)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => {
      try {
        resolve(JSON.parse(out) as PageDriverResult);
      } catch (error) {
        reject(error as Error);
      }
    });
  });
}

/**
 * `--profile DIR`: `measure` runs under the V8 CPU profiler of this (the app's) process and its profile is written
 * to `DIR/<name>.cpuprofile` — the measure alone, without start-up and seeding (which `--cpu-prof` would mix in).
 */
export async function profiled<T>(name: string, measure: () => Promise<T>): Promise<T> {
  const dir = textFlag('profile', '');
  if (!dir) return measure();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  try {
    return await measure();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `${name.replace(/[^\w.-]+/g, '-')}.cpuprofile`), JSON.stringify(profile));
  }
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

/**
 * The infrastructure (the suite's, or a broker and database of its own) and identity + forum listening on a port;
 * `stops` ends them, dropping the bench's databases when they live on shared infrastructure.
 */
export async function startForumBench(): Promise<{ t: TestApp; base: string; stops: (() => Promise<void>)[] }> {
  const stops = await useInfra();
  const t = await startBenchApp([IdentityModule, ForumModule]);
  stops.unshift(async () => {
    if (process.env.MONGO_URL) for (const context of ['forum', 'identity']) await t.db(context).dropDatabase();
    await t.close();
  });
  return { t, base: await t.listen(), stops };
}
