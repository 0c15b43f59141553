import { Logger } from '@nestjs/common';

export interface PeriodicJobOptions<T> {
  /** The logger's name, e.g. `forum-poll-closer`. */
  name: string;
  /** Time between two timer rounds. */
  everyMs: number;
  /** What the timer runs; a failure is logged (`<what> failed`) and the next tick tries again. */
  round: () => Promise<T>;
  /** How a failed timer round is named in the log, e.g. `poll sweep`. */
  what: string;
}

/**
 * A job that runs every so often where workers run: a timer, the round in progress, and a shutdown that stops the
 * timer and waits for that round. A round asked for while one runs (the timer's, a test's, a staff member's "now")
 * shares it instead of starting a second one, so two rounds never race over the same rows in one process.
 */
export class PeriodicJob<T> {
  private readonly logger: Logger;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<T> | null = null;

  constructor(private readonly options: PeriodicJobOptions<T>) {
    this.logger = new Logger(options.name);
  }

  /** Starts the timer (callers decide whether workers run here); the timer keeps no process alive. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(
      () =>
        void this.once().catch((error: unknown) =>
          this.logger.warn({ err: error, msg: `${this.options.what} failed` }),
        ),
      this.options.everyMs,
    );
    this.timer.unref();
  }

  /** Stops the timer and waits for the round in progress, if any (its failure is its caller's to see). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** Runs `round` (the timer's by default) now, or answers the round already in progress. */
  once(round: () => Promise<T> = this.options.round): Promise<T> {
    this.running ??= round().finally(() => (this.running = null));
    return this.running;
  }
}
