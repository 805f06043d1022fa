import { Sql } from '../../platform/db/sql';

/** Problems listed in a report at the most (the first bad event is always among them). */
export const MAX_PROBLEMS = 100;

/** One thing verify found wrong, at an event of a stream. */
export interface Problem {
  position: string;
  stream_id: string;
  reason: string;
}

/** A check that extends verify (e-pins used once, counts equal projections…), added by later features. */
export interface LedgerCheck {
  name: string;
  run(sql: Sql): Promise<Problem[]>;
}
