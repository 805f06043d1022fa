import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { PassThrough, Readable } from 'node:stream';
import { Database } from '../../platform/db/database';
import { LEDGER_CHECKS } from './checks';
import { ledgerTreeCheck } from './tree-checks';
import { exportLedger } from './export';
import { EventView, personalValuesAsTokens, Redactor, wholeEvent } from './redaction';
import { VerifyReport } from './verify';
import { verifyWhole } from './verify-whole';
import { LedgerKeys } from '../../platform/event-store/signing';
import { ProjectionRunner } from '../../platform/projections/projection';
import { VERIFY_SCRATCH_SCHEMA } from './projection-diff';

@Injectable()
export class LedgerAuditService {
  private readonly logger = new Logger('ledger-audit');

  private readonly redactor: Redactor;

  constructor(
    private readonly db: Database,
    private readonly keys: LedgerKeys,
    private readonly runner: ProjectionRunner,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.redactor = new Redactor(config.auditorRedactionSalt);
  }

  /** What of each event a role reads: the auditor reads the ledger without members' personal values (decisions 0007, 0015). */
  viewFor(role: string): EventView {
    return role === 'auditor' ? (event) => this.redactor.event(event) : wholeEvent;
  }

  /** A failed job as a role reads it: for the auditor, recipients' addresses in its reason and personal values in its data become tokens. */
  jobFor<T extends { failed_reason: string; data: unknown }>(role: string): (job: T) => T {
    return role === 'auditor'
      ? (job) => ({ ...job, failed_reason: this.redactor.text(job.failed_reason), data: this.redactor.value(job.data) })
      : (job) => job;
  }

  /** Free text a member or the desk wrote (a ticket's query and reply) as a role reads it: a token for the auditor. */
  textFor(role: string): (text: string) => string {
    return role === 'auditor' ? (text) => (text ? this.redactor.token(text) : text) : (text) => text;
  }

  /**
   * The NDJSON export as a stream, read in one REPEATABLE READ snapshot: a transaction that
   * commits during the download (even at a lower position) is wholly in or wholly out. A
   * read-only transaction takes no transaction id, so the relay and checkpoints are not held up.
   */
  exportStream(view: EventView): Readable {
    const out = new PassThrough();
    this.db
      .transaction((tx) => exportLedger(tx, out, view), { retry: false, isolation: 'REPEATABLE READ', readOnly: true })
      .then(
        () => out.end(),
        (error: Error) => {
          this.logger.error(`ledger export failed: ${error.message}`);
          out.destroy(error);
        },
      );
    return out;
  }

  /**
   * Rebuilds every read table from the events into `verify_scratch` and names each difference
   * (for the auditor, personal values as tokens and secrets as keyed hashes), beside the chains,
   * signatures, checkpoints and checks, all read-only in ONE REPEATABLE READ snapshot (decision
   * 0056), so concurrent appends can't make it see half a stream, nor the rebuild and the walk two
   * ledgers. One rebuild at a time: VerifyAlreadyRunning otherwise.
   */
  verify(role?: string): Promise<VerifyReport> {
    return verifyWhole(this.db, this.runner, [...LEDGER_CHECKS, ledgerTreeCheck(this.keys)], this.keys, {
      schema: VERIFY_SCRATCH_SCHEMA,
      view: role === 'auditor' ? personalValuesAsTokens(this.redactor) : undefined,
    });
  }
}
