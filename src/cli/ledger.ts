import 'reflect-metadata';
import { createWriteStream, readFileSync, writeFileSync } from 'node:fs';
import { ALL_PROJECTIONS } from '../modules/projections';
import {
  replayLedger,
  LEDGER_CHECKS,
  verifyWhole,
  exportLedger,
  parseSavedDigest,
  SavedDigest,
  readLastDigest,
  RefusedToSign,
  signCheckpoints,
  ledgerTreeCheck,
} from '../modules/ledger-audit';
import { createDataSource, Database } from '../platform/db/database';
import { catchUpLedgerTree, latestDigest } from '../platform/event-store/checkpoint';
import { lockLedgerTree } from '../platform/event-store/ledger-tree';
import { LedgerKeys } from '../platform/event-store/signing';
import { ledgerKeyConfigFrom } from '../config/config';
import { ProjectionRunner } from '../platform/projections/projection';

const USAGE =
  'usage: npm run ledger -- verify [--against DIGEST.json] | replay [--keep] | export [--out FILE] | digest [--out FILE] | checkpoint | tree-rebuild';

/** The value after `flag` in args, if the flag is there. */
function option(args: readonly string[], flag: string): string | undefined {
  const index = args.indexOf(flag);
  return index >= 0 ? args[index + 1] : undefined;
}

/** Where a ledger command writes: its report and verdict, and its progress. */
export interface LedgerCommandOutput {
  log(line: string): void;
  progress(text: string): void;
}

/**
 * Runs one auditor command on the owner connection and returns the process exit code:
 * 0 when the ledger holds, 1 when a check fails, 2 for an unknown command.
 */
export async function runLedgerCommand(
  db: Database,
  command: string | undefined,
  args: readonly string[],
  out: LedgerCommandOutput,
  keys: LedgerKeys = new LedgerKeys(ledgerKeyConfigFrom(process.env)),
  lastDigestFile: string | null = ledgerKeyConfigFrom(process.env).lastDigestFile,
): Promise<number> {
  switch (command) {
    case 'verify': {
      const againstFile = option(args, '--against');
      let against: SavedDigest | undefined;
      if (args.includes('--against')) {
        try {
          against = parseSavedDigest(readFileSync(againstFile ?? '', 'utf8'));
        } catch (error) {
          out.progress(`verify --against ${againstFile ?? '(no file given)'}: ${(error as Error).message}\n`);
          return 2;
        }
      } else if (lastDigestFile) {
        // The signer's own last digest (decision 0015): an implicit --against, said so.
        try {
          against = readLastDigest(lastDigestFile) ?? undefined;
        } catch (error) {
          out.progress(`verify: the signer's last digest ${lastDigestFile}: ${(error as Error).message}\n`);
          return 2;
        }
        if (against)
          out.progress(`verify: checking against the signer's last digest ${lastDigestFile} (as --against)\n`);
      }
      // Every read table rebuilt from the events (a schema of its own, dropped after) and compared,
      // beside the walk and the checks, all in one snapshot (decision 0056).
      const report = await verifyWhole(
        db,
        new ProjectionRunner(ALL_PROJECTIONS),
        [...LEDGER_CHECKS, ledgerTreeCheck(keys)],
        keys,
        {
          against,
        },
      );
      const projections = report.projections!;
      out.log(JSON.stringify(report, null, 2));
      const extends_ = against
        ? `, and it extends the digest saved at ${against.time} (position ${against.position})`
        : '';
      out.log(
        report.ok
          ? `ledger verified: ${report.eventsChecked} events in ${report.streamsChecked} streams, ${report.checkpointsChecked} checkpoints, ${projections.tablesCompared} read tables equal to their rebuild${extends_}`
          : `LEDGER BROKEN at event ${report.firstBad?.position} (${report.firstBad?.stream_id}): ${report.firstBad?.reason}`,
      );
      return report.ok ? 0 : 1;
    }
    case 'digest': {
      const digest = await latestDigest(db);
      if (!digest) {
        out.progress('no signed checkpoint yet: run `npm run ledger -- checkpoint` first\n');
        return 1;
      }
      const file = option(args, '--out');
      if (file) writeFileSync(file, JSON.stringify(digest, null, 2) + '\n');
      else out.log(JSON.stringify(digest, null, 2));
      return 0;
    }
    case 'replay': {
      const report = await replayLedger(db, new ProjectionRunner(ALL_PROJECTIONS), {
        keep: args.includes('--keep'),
        onProgress: (n) => out.progress(`\rreplayed ${n} events`),
        onDiff: (table, index, of) =>
          out.progress(`${index === 1 ? '\n' : '\r'}${`comparing table ${index} of ${of}: ${table}`.padEnd(60)}`),
      });
      out.progress('\n');
      out.log(JSON.stringify(report, null, 2));
      out.log(
        report.ok
          ? `replay matches the live tables in one snapshot (highest position ${report.asOfPosition ?? 'none'}): ${report.eventsReplayed} events, ${report.tables.length} tables, 0 differences`
          : `REPLAY DIFFERS: ${report.differences} rows`,
      );
      return report.ok ? 0 : 1;
    }
    case 'export': {
      const outIndex = args.indexOf('--out');
      const file = outIndex >= 0 && args[outIndex + 1] ? createWriteStream(args[outIndex + 1]) : process.stdout;
      const written = await exportLedger(db, file);
      if (file !== process.stdout) await new Promise<void>((resolve) => file.end(() => resolve()));
      out.progress(`exported ${written} events\n`);
      return 0;
    }
    case 'checkpoint': {
      let signed: Awaited<ReturnType<typeof signCheckpoints>>;
      try {
        signed = await signCheckpoints(db, keys, lastDigestFile);
      } catch (error) {
        if (!(error instanceof RefusedToSign)) throw error;
        out.log(error.message);
        return 1;
      }
      const { written, last } = signed;
      out.log(
        last
          ? `${written} signed checkpoint(s), the last up to position ${last.toPosition}: ${last.digest}`
          : 'no events since the last checkpoint',
      );
      return 0;
    }
    case 'tree-rebuild': {
      // The stored Merkle tree is a cache of the events (decision 0045): dropped and grown again from them.
      await db.transaction(async (tx) => {
        await lockLedgerTree(tx);
        await tx.execute('delete from ledger_tree_nodes');
        await tx.execute('delete from ledger_tree_leaves');
      });
      const leaves = await catchUpLedgerTree(db);
      out.log(`ledger tree rebuilt from the events: ${leaves} leaves, up to the last checkpoint`);
      return 0;
    }
    default:
      out.progress(`${USAGE}\n`);
      return 2;
  }
}

/** The auditor's tools, on the owner connection (DATABASE_URL). Exit code 1 when a check fails. */
async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is required');
  // verify at its widest: the snapshot's holder, its two lanes, and the rebuild's snapshot, lanes and diff (decision 0056)
  const dataSource = await createDataSource(url, { poolSize: 8, applicationName: 'sahyog-ledger-cli' }).initialize();
  try {
    return await runLedgerCommand(new Database(dataSource), command, args, {
      log: (line) => console.log(line),
      progress: (text) => process.stderr.write(text),
    });
  } finally {
    await dataSource.destroy();
  }
}

// Run only as the program itself, so tests can import runLedgerCommand.
if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (error) => {
      console.error(`ledger ${process.argv[2] ?? ''} failed: ${error instanceof Error ? error.message : error}`);
      process.exit(1);
    },
  );
}
