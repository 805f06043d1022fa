import { Injectable } from '@nestjs/common';
import { Database } from '../../platform/db/database';
import { LEDGER_CHECKS } from './checks';
import { verifyLedger, VerifyReport } from './verify';

@Injectable()
export class LedgerAuditService {
  constructor(private readonly db: Database) {}

  /** Read-only; runs in one REPEATABLE READ snapshot so concurrent appends can't make it see half a stream. */
  async verify(): Promise<VerifyReport> {
    return this.db.transaction((tx) => verifyLedger(tx, LEDGER_CHECKS), { retry: false, isolation: 'REPEATABLE READ', readOnly: true });
  }
}
