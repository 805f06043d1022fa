/** The e-pins context's public surface: e-pins, top-ups, and the steps other contexts run inside their own transactions. */
export { EpinsModule } from './epins.module';
export { IssueEpinsCommand, MAX_ISSUE_QUANTITY } from './commands/issue-epins/issue-epins.command';
export { TopUpMemberCommand } from './commands/top-up-member/top-up-member.command';
export { TransferEpinsCommand } from './commands/transfer-epins/transfer-epins.command';
export { EPIN_MSG, EPIN_OUTCOME, epinStream } from './domain/epin.events';
export type { EpinOutcome, EpinSource, MemberToppedUp } from './domain/epin.events';
export { EPIN_TYPE_BY_LABEL, EPIN_TYPES } from './domain/epin-type';
export type { EpinType } from './domain/epin-type';
export { epinsProjection, topupsProjection } from './projections/epins.projection';
export { EPINS_LIST, listEpins } from './queries/epins/epins.query';
export { ActivationHistoryQuery, activationHistory } from './queries/activation-history/activation-history.query';
export type { HistoryType } from './queries/activation-history/activation-history.query';
export { EpinDataQuery, epinData } from './queries/epin-data/epin-data.query';
export { oldestUnusedEpin } from './rows';
export { issueEpins } from './steps/issue-epins';
export { topUp } from './steps/top-up';
export type { TopUpOutcome } from './steps/top-up';
