import { BeforeApplicationShutdown, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import type { Db } from 'mongodb';
import { newId } from '@forum/contracts';
import { DomainError, EventStore } from '@forum/event-store';
import { APP_CONFIG, CONTEXT_DB, PeriodicJob } from '@forum/platform';
import type { AppConfig } from '@forum/platform';
import { pollDecider } from './poll.decider';
import { pollStream } from './poll.commands';
import { POLL_DUE } from './polls.projection';

/** How often the job looks for polls past their close time (votes are refused from the close time on anyway). */
const SWEEP_INTERVAL_MS = 30_000;
const SWEEP_BATCH = 200;

/**
 * Writes `PollClosed` for each poll whose close time has come, so its author gets the "my poll closed" reminder. The
 * poll stops taking votes at its close time whether or not this job has run: the decider compares times. Rows of
 * the due list are deleted once handled (closed, closed earlier by staff, or deleted).
 */
@Injectable()
export class PollCloser implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly job = new PeriodicJob({
    name: 'forum-poll-closer',
    what: 'poll sweep',
    everyMs: SWEEP_INTERVAL_MS,
    round: () => this.close(new Date()),
  });

  constructor(
    private readonly store: EventStore,
    @Inject(CONTEXT_DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.RUN_WORKERS) this.job.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.job.stop();
  }

  /** One round (tests call it with a later `now`); concurrent callers share the round in progress. Answers closes. */
  sweep(now = new Date()): Promise<number> {
    return this.job.once(() => this.close(now));
  }

  private async close(now: Date): Promise<number> {
    const due = this.db.collection<{ _id: string; pollId: string }>(POLL_DUE);
    const rows = await due
      .find({ _id: { $lt: `${now.toISOString()}|\uffff` } })
      .sort({ _id: 1 })
      .limit(SWEEP_BATCH)
      .toArray();
    let closed = 0;
    for (const row of rows) {
      try {
        const result = await this.store.handle(
          pollDecider,
          pollStream(row.pollId),
          { type: 'ClosePoll', closedBy: null, now },
          { actor: { kind: 'system', id: null }, now, correlationId: newId() },
        );
        closed += result.events.length;
      } catch (error) {
        // A deleted poll has nothing left to close; anything else is tried again next round.
        if (!(error instanceof DomainError && error.code === 'forum.poll_not_found')) throw error;
      }
      await due.deleteOne({ _id: row._id });
    }
    return closed;
  }
}
