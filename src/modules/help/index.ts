/** The help context's public surface: help requests, the queues, matching, help links, UTR claims. */
export { HelpModule } from './help.module';
export { RequestHelpCommand } from './commands/request-help/request-help.command';
export { DecideHelpRequestCommand } from './commands/decide-help-request/decide-help-request.command';
export { RunMatchingCommand } from './commands/run-matching/run-matching.command';
export { runMatching, MATCH_BATCH, MAX_LINKS_PER_RUN } from './commands/run-matching/run-matching';
export type { MatchingResult } from './commands/run-matching/run-matching';
export { MatchByHandCommand } from './commands/match-by-hand/match-by-hand.command';
export { SubmitUtrCommand } from './commands/submit-utr/submit-utr.command';
export { ReceiverActionCommand } from './commands/receiver-action/receiver-action.command';
export { DisputeLinkCommand } from './commands/dispute-link/dispute-link.command';
export { ResolveLinkCommand } from './commands/resolve-link/resolve-link.command';
export { settleTimeouts, sweepHelp, creditEntitlement, SWEEP_LIMIT } from './commands/sweep-links/sweep-links';
export {
  HELP_ACCOUNT,
  HELP_OUTCOME,
  HELP_TIER_PAISE,
  helpLinkStream,
  MATCHING_STREAM,
  UTR_PATTERN,
  utrKey,
} from './domain/help.events';
export type {
  HelpLinkCreated,
  HelpLinkReceived,
  HelpLinksCreated,
  HelpOutcome,
  HelpRequested,
  QueueEntryOpened,
} from './domain/help.events';
export { helpLinksProjection, utrClaimsProjection } from './projections/help-links.projection';
export { helpRequestsProjection } from './projections/help-requests.projection';
export { queueEntriesProjection } from './projections/queue-entries.projection';
export { helpLinkDaysProjection } from './projections/help-link-days.projection';
export { HELP_REQUESTS_LIST, listHelpRequests, showHelpRequest } from './queries/help-requests/help-requests.query';
export {
  FLAGGED_UTRS_LIST,
  HELP_LINKS_LIST,
  listFlaggedUtrs,
  listHelpLinks,
  showHelpLink,
} from './queries/help-links/help-links.query';
export { MemberLinksQuery } from './queries/member-links/member-links.query';
export { networkHealth, QueueQuery, QUEUE_ENTRIES_LIST, queueTotals } from './queries/queue/queue.query';
export { flagUtrReuse, lockUtr } from './steps/utr';
export { utrClaim } from './rows';
export {
  compactQueueWaitingTotals,
  expireLinkJob,
  expiryDelaysOf,
  HELP_TICK_MS,
  matchingTick,
  sweepJob,
} from './jobs/help.jobs';
