/** The ledger-audit context's public surface: verify, replay, export, and the checks they run. */
export { LedgerAuditModule } from './ledger-audit.module';
export { LedgerAuditService } from './ledger-audit.service';
export { parseSavedDigest } from './against';
export type { SavedDigest } from './against';
export { LEDGER_CHECKS } from './checks';
export { exportLedger } from './export';
export { Redactor } from './redaction';
export type { EventView } from './redaction';
export { EVENTS_LIST, listEvents, showEvent } from './queries/events/events.query';
export type { EventListRow } from './queries/events/events.query';
export { replayLedger } from './replay';
export { compareProjections, VerifyAlreadyRunning, VERIFY_SCRATCH_SCHEMA } from './projection-diff';
export type { ProjectionsReport, RowDifference } from './projection-diff';
export { verifyLedger } from './verify';
export type { VerifyReport } from './verify';
export { verifyWhole } from './verify-whole';
export { readLastDigest, RefusedToSign, signCheckpoints } from './last-digest';
export {
  MAX_STATEMENT_ENTRIES,
  memberStatement,
  parseSince,
  StatementRefused,
} from './queries/statement/statement.query';
export type { Statement, StatementEntry } from './queries/statement/statement.query';
export { ledgerTreeCheck } from './tree-checks';
