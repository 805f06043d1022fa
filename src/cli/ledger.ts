import 'reflect-metadata';
import { createWriteStream } from 'node:fs';
import { ALL_PROJECTIONS } from '../modules/projections';
import { replayLedger } from '../modules/ledger-audit/replay';
import { LEDGER_CHECKS } from '../modules/ledger-audit/checks';
import { verifyLedger } from '../modules/ledger-audit/verify';
import { exportLedger } from '../modules/ledger-audit/export';
import { createDataSource, Database } from '../platform/db/database';
import { writeCheckpoint } from '../platform/event-store/checkpoint';
import { ProjectionRunner } from '../platform/projections/projection';

const USAGE = 'usage: npm run ledger -- verify | replay [--keep] | export [--out FILE] | checkpoint';

/** The auditor's tools, on the owner connection (DATABASE_URL). Exit code 1 when a check fails. */
async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is required');
  const dataSource = await createDataSource(url, { poolSize: 4, applicationName: 'sahyog-ledger-cli' }).initialize();
  const db = new Database(dataSource);
  try {
    switch (command) {
      case 'verify': {
        const report = await db.transaction((tx) => verifyLedger(tx, LEDGER_CHECKS), { retry: false, isolation: 'REPEATABLE READ', readOnly: true });
        console.log(JSON.stringify(report, null, 2));
        console.log(report.ok ? `ledger verified: ${report.eventsChecked} events in ${report.streamsChecked} streams, ${report.checkpointsChecked} checkpoints` : `LEDGER BROKEN at event ${report.firstBad?.position} (${report.firstBad?.stream_id}): ${report.firstBad?.reason}`);
        return report.ok ? 0 : 1;
      }
      case 'replay': {
        const report = await replayLedger(db, new ProjectionRunner(ALL_PROJECTIONS), { keep: args.includes('--keep'), onProgress: (n) => process.stderr.write(`\rreplayed ${n} events`) });
        process.stderr.write('\n');
        console.log(JSON.stringify(report, null, 2));
        console.log(report.ok ? `replay matches the live tables: ${report.eventsReplayed} events, ${report.tables.length} tables, 0 differences` : `REPLAY DIFFERS: ${report.differences} rows`);
        return report.ok ? 0 : 1;
      }
      case 'export': {
        const outIndex = args.indexOf('--out');
        const out = outIndex >= 0 && args[outIndex + 1] ? createWriteStream(args[outIndex + 1]) : process.stdout;
        const written = await exportLedger(db, out);
        if (out !== process.stdout) await new Promise<void>((resolve) => out.end(() => resolve()));
        process.stderr.write(`exported ${written} events\n`);
        return 0;
      }
      case 'checkpoint': {
        const checkpoint = await writeCheckpoint(db);
        console.log(checkpoint ? `checkpoint over ${checkpoint.count} events up to position ${checkpoint.toPosition}: ${checkpoint.digest}` : 'no events since the last checkpoint');
        return 0;
      }
      default:
        console.error(USAGE);
        return 2;
    }
  } finally {
    await dataSource.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`ledger ${process.argv[2] ?? ''} failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  },
);
