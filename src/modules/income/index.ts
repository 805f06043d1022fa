/** The income context's public surface: level income (its job, projection and reads). */
export { IncomeModule } from './income.module';
export {
  LEVEL_INCOME_BATCH,
  LevelIncomeBatcher,
  payLevelIncome,
  payLevelIncomes,
  SETTLE_WAIT_MS,
} from './jobs/level-income.processor';
export { levelIncomeStream, MAX_INCOME_LEVELS } from './domain/level-income.events';
export type { LevelIncomeDistributed } from './domain/level-income.events';
export { levelIncomeProjection } from './projections/level-income.projection';
export { LevelIncomeReportQuery, levelIncomeReport } from './queries/level-income-report/level-income-report.query';
export { LEVEL_INCOME_LIST, listLevelIncome } from './queries/level-income/level-income.query';
