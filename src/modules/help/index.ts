/** The help context's public surface: help requests. */
export { HelpModule } from './help.module';
export { RequestHelpCommand } from './commands/request-help/request-help.command';
export { HELP_OUTCOME, HELP_TIER_PAISE } from './domain/help.events';
export type { HelpRequested } from './domain/help.events';
export { helpRequestsProjection } from './projections/help-requests.projection';
export { HELP_REQUESTS_LIST, listHelpRequests } from './queries/help-requests/help-requests.query';
