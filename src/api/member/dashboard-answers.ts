import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { ReadStateCache } from '../../platform/db/read-state';

/** India's offset from UTC (no daylight saving). */
const INDIA_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The India calendar day of `at` (days since the epoch): the dashboard's "today" and its 7 days turn at India's midnight. */
export const indiaDay = (at: Date): number => Math.floor((at.getTime() + INDIA_OFFSET_MS) / DAY_MS);

/**
 * The userDashboard answers this process keeps (decision 0058): per member (and whether the session
 * is a "Log in as" one), as long as the database is as it was when the answer was read and the India
 * day is the same (today's withdrawals and the 7-day pace turn at midnight). Anything that commits in
 * between — the member's own change or anyone else's — makes the next call read afresh.
 * DASHBOARD_CACHE_ENTRIES answers at most.
 */
@Injectable()
export class DashboardAnswers extends ReadStateCache {
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    super(config.dashboardCacheEntries, indiaDay);
  }
}
