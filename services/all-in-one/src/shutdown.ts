import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { EmbeddedInfra } from './embedded-infra';

/**
 * Budgets of an orderly stop: under the 10 s a terminal user or a supervisor waits, with room for this process and
 * npm to exit on a CPU-starved host (measured there: 2.5 s from the last line to npm's exit, at a load of 15).
 */
export const STOP_BUDGET = {
  /** Requests in flight may finish (event streams are not waited for: the app ends them). */
  drainMs: 1_500,
  /**
   * Nest's shutdown: consumers and reactors stop, the outbox relay flushes, producers and clients disconnect. It
   * stops the contexts one after another: 1.5–2 s on a quiet machine, over 3.5 s at a load of 15 right after start.
   */
  closeMs: 5_000,
  /**
   * The broker and the database get SIGTERM and what is left of this, at least `infraMinMs`, then SIGKILL (Kafka's
   * controlled shutdown takes 2–5 s; killed, it recovers its log on the next start).
   */
  totalMs: 7_500,
  infraMinMs: 1_000,
  /** Past this, whatever is left is killed and the process exits 1. */
  hardMs: 8_500,
};

/** Counts the HTTP requests in flight, event streams (`Accept: text/event-stream`) left out. */
export function trackRequests(server: Server): () => number {
  let inFlight = 0;
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if ((request.headers.accept ?? '').includes('text/event-stream')) return;
    inFlight++;
    response.once('close', () => inFlight--);
  });
  return () => inFlight;
}

async function within<T>(work: Promise<T>, ms: number): Promise<'done' | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  try {
    return await Promise.race([work.then(() => 'done' as const), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function until(condition: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

/**
 * `npm start`'s stop on SIGINT (Ctrl+C) or SIGTERM, in this order: stop taking requests (the port is closed, a
 * request on a kept-alive connection is answered 503), let the requests in flight finish, close the app (Kafka
 * consumers and producers, MongoDB), then stop the broker and the database this process started — which run in
 * process groups of their own, so a terminal's signal reaches them only through here. Each step is bounded: a
 * step that overruns is logged and the next one runs; past `hardMs` the process exits 1.
 */
export function stopOnSignals(
  app: NestFastifyApplication,
  infra: EmbeddedInfra,
  inFlight: () => number,
  log: (line: string) => void = (line) => console.log(line),
): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals): Promise<void> => {
    // A terminal's Ctrl+C reaches npm and this process both, and npm passes it on: one stop is enough.
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    const hard = setTimeout(() => {
      log(`Stop took over ${STOP_BUDGET.hardMs} ms: killing what is left.`);
      void infra.stop(0).finally(() => process.exit(1));
    }, STOP_BUDGET.hardMs);
    log(`${signal}: stopping (requests, then consumers and producers, then Kafka and MongoDB)…`);

    const server = app.getHttpServer() as Server;
    server.close();
    await app.getHttpAdapter().beforeClose?.();
    server.closeIdleConnections();
    if (!(await until(() => inFlight() === 0, STOP_BUDGET.drainMs)))
      log(`  ${inFlight()} request(s) still running after ${STOP_BUDGET.drainMs} ms: closing anyway`);
    const drained = Date.now();

    const closed = await within(
      app.close().catch((error: unknown) => log(`  closing the app failed: ${String(error)}`)),
      STOP_BUDGET.closeMs,
    );
    if (closed === 'timeout') log(`  the app had not closed after ${STOP_BUDGET.closeMs} ms: stopping the servers`);

    const appClosed = Date.now();
    await infra.stop(Math.max(STOP_BUDGET.infraMinMs, STOP_BUDGET.totalMs - (appClosed - started)));
    clearTimeout(hard);
    const took = (from: number, to: number) => `${to - from} ms`;
    log(
      `Stopped in ${took(started, Date.now())} (requests ${took(started, drained)}, app ${took(drained, appClosed)}, ` +
        `Kafka and MongoDB ${took(appClosed, Date.now())}).`,
    );
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(signal));
}
