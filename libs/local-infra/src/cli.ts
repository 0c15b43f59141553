// Manual runs of the local infrastructure:
//
//   npm run build && node dist/libs/local-infra/src/cli.js start \
//     [--kafka-port N] [--kafka-data DIR] [--mongo-port N] [--mongo-file FILE] [--mongo-heap 2g]
//
// Prints one JSON line {"brokers": "...", "mongoUrl": "...", ...} on stdout once both are ready,
// then runs until SIGINT/SIGTERM and stops both cleanly. Without --kafka-data / --mongo-file the
// data lives in temp dirs / in memory and is gone afterwards.
import { ensureLocalInfraFetched, RunningKafka, RunningMongo, startLocalKafka, startLocalMongo } from './index';

function parseArgs(argv: string[]): Map<string, string> {
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) throw new Error(`unexpected argument: ${arg}`);
    const value = argv[i + 1];
    if (value === undefined || value.startsWith('--')) throw new Error(`${arg} needs a value`);
    flags.set(arg.slice(2), value);
    i++;
  }
  const known = ['kafka-port', 'kafka-data', 'mongo-port', 'mongo-file', 'mongo-heap'];
  for (const key of flags.keys()) if (!known.includes(key)) throw new Error(`unknown option --${key}`);
  return flags;
}

function portFlag(flags: Map<string, string>, name: string): number | undefined {
  const raw = flags.get(name);
  if (raw === undefined) return undefined;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`--${name}: bad port ${raw}`);
  return port;
}

async function start(argv: string[]): Promise<void> {
  const flags = parseArgs(argv);
  const running: { kafka?: RunningKafka; mongo?: RunningMongo } = {};
  let stopping = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    console.error(`local-infra: ${signal}: stopping`);
    await Promise.allSettled([running.kafka?.stop(), running.mongo?.stop()]);
    process.exit(0);
  };
  // Registered before anything starts, so these (not the library's fallback) handle the signals.
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await ensureLocalInfraFetched();
  // Long-lived infra for `npm start` and shared test runs: on a loaded machine a JVM may take minutes to start.
  const timeoutMs = 300_000;
  const [kafka, mongo] = await Promise.all([
    startLocalKafka({ port: portFlag(flags, 'kafka-port'), dataDir: flags.get('kafka-data'), timeoutMs }).then(
      (k) => (running.kafka = k),
    ),
    startLocalMongo({
      port: portFlag(flags, 'mongo-port'),
      file: flags.get('mongo-file'),
      heap: flags.get('mongo-heap'),
      timeoutMs,
    }).then((m) => (running.mongo = m)),
  ]);
  if (stopping) return;
  console.log(
    JSON.stringify({
      brokers: kafka.brokers,
      mongoUrl: mongo.url,
      kafkaDataDir: kafka.dataDir,
      kafkaLog: kafka.logFile,
      mongoLog: mongo.logFile,
    }),
  );
}

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  if (command === 'start') return start(rest);
  console.error(
    'usage: cli.js start [--kafka-port N] [--kafka-data DIR] [--mongo-port N] [--mongo-file FILE] [--mongo-heap 2g]',
  );
  process.exit(2);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
