/** The network context's public surface: the team reports, the genealogy view and the team counts' projection. */
export { NetworkModule, NetworkQueries } from './network.module';
/** The reports' limits: paging (decision 0026), levels and the tree's depth and size. */
export { MAX_TEAM_LEVEL, MAX_TEAM_OFFSET, MAX_TEAM_PAGE, MAX_TREE_DEPTH, MAX_TREE_NODES } from './domain/team-page';
/** The spec's filter codes (status, position, every level) and the keyset cursor. */
export { ALL_LEVELS, CURSOR_PATTERN, NO_POSITION, parseCursor, STATUS_CODES, statusOf } from './domain/team-page';
export type { StatusCode, TeamCursor, TeamFilter } from './domain/team-page';
export type { TeamPageInfo, TeamPageRequest } from './queries/team-report/team-report.query';
export type { TreeInfo, TreeNode } from './queries/team-tree/team-tree.query';
export { teamCountsProjection } from './projections/team-counts.projection';
/** The far part of the whole-team totals (decision 0052): its event, and the worker's processor. */
export { FAR_SHARD, TEAM_TOTALS_STREAM } from './domain/team-totals.events';
export type { TeamTotalsCounted, TeamTotalsKind } from './domain/team-totals.events';
export { countTeamTotals, TEAM_TOTALS_BATCH, TeamTotalsBatcher } from './jobs/team-totals.processor';
