import { MongoClient } from 'mongodb';
import { auditLedgers, formatReport } from './ledger-audit';

/**
 * `npm run audit:ledgers`: replays the wallet's event log and compares it with the read models; prints the
 * report and exits 1 on any difference (2 when it cannot run). Reads MONGO_URL and MONGO_DB_PREFIX like the app;
 * `--json` prints the report as JSON.
 */
async function main(): Promise<void> {
  const url =
    process.env.MONGO_URL ?? `mongodb://127.0.0.1:${process.env.FORUM_MONGO_PORT ?? 27018}/?directConnection=true`;
  const prefix = process.env.MONGO_DB_PREFIX ?? 'bbs_';
  const client = await new MongoClient(url).connect();
  try {
    const report = await auditLedgers(client.db(`${prefix}wallet`));
    console.log(process.argv.includes('--json') ? JSON.stringify(report, null, 2) : formatReport(report));
    process.exitCode = report.ok ? 0 : 1;
  } finally {
    await client.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(2);
});
