import { Module } from '@nestjs/common';
import { LevelIncomeReportQuery } from './queries/level-income-report/level-income-report.query';

const queries = [LevelIncomeReportQuery];

/** Level income: paid by the worker's job (`payLevelIncome`), read by the member's report and the admin list. */
@Module({ providers: [...queries], exports: [...queries] })
export class IncomeModule {}
