import { Inject, Injectable, Logger } from '@nestjs/common';
import type { MongoClient } from 'mongodb';
import { z } from 'zod';
import { auditLedgersCommand, newId, streamId } from '@forum/contracts';
import type { CommandMetadata, LedgerAuditReport, StaffJobEvent, StaffJobKind } from '@forum/contracts';
import { rebuildProjection } from '@forum/event-bus';
import { Decider, DomainError, EventStore } from '@forum/event-store';
import { APP_CONFIG, hostedProjections, MONGO_CLIENT, PeerCommands } from '@forum/platform';
import type { AppConfig } from '@forum/platform';
import { eventContexts } from './event-log';

export interface RebuiltProjection {
  context: string;
  name: string;
  commits: number;
  events: number;
  elapsedMs: number;
}

/** A job as the console polls it: progress is the real job's position, 0–100. */
export interface StaffJobView {
  id: string;
  kind: StaffJobKind;
  status: 'running' | 'succeeded' | 'failed';
  progress: number;
  /** What it is doing now: the projection being rebuilt, or the audit's phase. */
  step: string;
  startedAt: string;
  finishedAt: string | null;
  startedBy: string;
  projections: string[];
  result: { rebuilt: RebuiltProjection[] } | { audit: LedgerAuditReport } | null;
  error: string | null;
}

type StaffJobCommand =
  | { type: 'Start'; jobId: string; kind: StaffJobKind; projections: string[] }
  | { type: 'Finish'; jobId: string; kind: StaffJobKind; ok: boolean; summary: string };

/** A job's stream: started once, finished once. */
export const staffJobDecider: Decider<{ status: 'none' | 'running' | 'finished' }, StaffJobCommand, StaffJobEvent> = {
  name: 'staffJob',
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => ({ status: event.type === 'StaffJobStarted' ? 'running' : 'finished' }),
  decide(command, state) {
    if (command.type === 'Start') {
      if (state.status !== 'none') return [];
      const { jobId, kind, projections } = command;
      return [{ type: 'StaffJobStarted', data: { jobId, kind, projections } }];
    }
    if (state.status !== 'running') return [];
    const { jobId, kind, ok, summary } = command;
    return [{ type: 'StaffJobFinished', data: { jobId, kind, ok, summary } }];
  },
};

const KEPT_JOBS = 50;

export const startRebuildBody = z.strictObject({
  /** Projection names; none = every read model this process hosts. */
  projections: z.array(z.string().max(80)).max(100).default([]),
});
export type StartRebuildBody = z.infer<typeof startRebuildBody>;

/**
 * The console's operations jobs (ADR 0021): rebuilding read models (`npm run rebuild`) and auditing the ledgers
 * (`npm run audit:ledgers`), run in this process with their real progress. One job of a kind at a time: two
 * rebuilds would share shadow collections. Jobs live in memory (the last 50); who started one and what it found
 * are events (`StaffJobStarted` / `StaffJobFinished`), so the audit log keeps them.
 */
@Injectable()
export class StaffJobs {
  private readonly logger = new Logger('staff-jobs');
  private readonly jobs = new Map<string, StaffJobView>();

  constructor(
    @Inject(MONGO_CLIENT) private readonly client: MongoClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly store: EventStore,
    private readonly peers: PeerCommands,
  ) {}

  /** The read models this process can rebuild, by context. */
  projections(): { context: string; name: string }[] {
    return [...hostedProjections()].flatMap(([context, projections]) =>
      projections.map((projection) => ({ context, name: projection.name })),
    );
  }

  list(): StaffJobView[] {
    return [...this.jobs.values()].reverse();
  }

  one(id: string): StaffJobView {
    const job = this.jobs.get(id);
    if (!job) throw new DomainError('moderation.job_not_found');
    return job;
  }

  async startRebuild(body: StartRebuildBody, meta: CommandMetadata): Promise<StaffJobView> {
    const known = this.projections();
    const unknown = body.projections.filter((name) => !known.some((p) => p.name === name));
    if (unknown.length > 0) throw new DomainError('moderation.unknown_projection');
    const chosen = body.projections.length > 0 ? known.filter((p) => body.projections.includes(p.name)) : known;
    return this.start(
      'rebuild',
      chosen.map((p) => p.name),
      meta,
      (job) => this.rebuild(job, chosen),
    );
  }

  startLedgerAudit(meta: CommandMetadata): Promise<StaffJobView> {
    return this.start('ledgerAudit', [], meta, (job) => this.audit(job, meta));
  }

  private async start(
    kind: StaffJobKind,
    projections: string[],
    meta: CommandMetadata,
    run: (job: StaffJobView) => Promise<{ result: StaffJobView['result']; summary: string; ok: boolean }>,
  ): Promise<StaffJobView> {
    if ([...this.jobs.values()].some((job) => job.kind === kind && job.status === 'running')) {
      throw new DomainError('moderation.job_running');
    }
    const id = newId();
    const job: StaffJobView = {
      id,
      kind,
      status: 'running',
      progress: 0,
      step: '',
      startedAt: meta.now.toISOString(),
      finishedAt: null,
      startedBy: meta.actor.id ?? '',
      projections,
      result: null,
      error: null,
    };
    this.jobs.set(id, job);
    while (this.jobs.size > KEPT_JOBS) this.jobs.delete(this.jobs.keys().next().value!);
    try {
      await this.store.handle(
        staffJobDecider,
        streamId('staffJob', id),
        { type: 'Start', jobId: id, kind, projections },
        meta,
      );
    } catch (error) {
      this.jobs.delete(id);
      throw error;
    }
    void (async () => {
      let outcome: { ok: boolean; summary: string };
      try {
        const done = await run(job);
        Object.assign(job, { status: done.ok ? 'succeeded' : 'failed', progress: 100, result: done.result });
        outcome = done;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        this.logger.error({ jobId: id, kind, err: message, msg: 'staff job failed' });
        Object.assign(job, { status: 'failed', error: message });
        outcome = { ok: false, summary: message.slice(0, 300) };
      }
      job.finishedAt = new Date().toISOString();
      const finish = { type: 'Finish' as const, jobId: id, kind, ...outcome };
      await this.store
        .handle(staffJobDecider, streamId('staffJob', id), finish, {
          ...meta,
          now: new Date(),
          idempotencyKey: undefined,
        })
        .catch((error: unknown) => this.logger.error({ jobId: id, err: String(error), msg: 'job end not recorded' }));
    })();
    return { ...job };
  }

  private async rebuild(job: StaffJobView, chosen: { context: string; name: string }[]) {
    const prefix = this.config.MONGO_DB_PREFIX;
    // A projection may read another context's events (member profiles): every context's store is offered.
    const stores = eventContexts().map((context) => new EventStore(context, this.client.db(`${prefix}${context}`)));
    const rebuilt: RebuiltProjection[] = [];
    for (const [index, { context, name }] of chosen.entries()) {
      const projection = hostedProjections()
        .get(context)!
        .find((p) => p.name === name)!;
      job.step = `${context}/${name}`;
      const result = await rebuildProjection(projection, stores, this.client.db(`${prefix}${context}`), {
        coOwners: hostedProjections().get(context)!,
        onProgress: (progress) => {
          const ratio = progress.totalCommits === 0 ? 1 : Math.min(1, progress.commits / progress.totalCommits);
          job.progress = Math.min(99, Math.floor(((index + ratio) / chosen.length) * 100));
        },
      });
      rebuilt.push({ context, name, commits: result.commits, events: result.events, elapsedMs: result.elapsedMs });
      job.progress = Math.min(99, Math.floor(((index + 1) / chosen.length) * 100));
    }
    const events = rebuilt.reduce((sum, p) => sum + p.events, 0);
    return { ok: true, result: { rebuilt }, summary: `${rebuilt.length} read model(s) rebuilt from ${events} events` };
  }

  private async audit(job: StaffJobView, meta: CommandMetadata) {
    // The wallet replays its own ledgers (`wallet.auditLedgers`): this context never reads the wallet's database.
    // One answer at the end: the job shows the replay step until then.
    job.step = 'replay';
    const report = await this.peers.execute(auditLedgersCommand, {}, meta);
    const summary = report.ok
      ? `ledgers agree: ${report.wallets} wallets, ${report.events} events`
      : `${report.differences.length} difference(s) in ${report.wallets} wallets`;
    // The job ran; a difference is its finding, not its failure.
    return { ok: true, result: { audit: report }, summary };
  }
}
