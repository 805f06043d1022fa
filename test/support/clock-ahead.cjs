// Preloaded (NODE_OPTIONS=--require …) into a worker process a test starts, to stand for time having
// passed: the process's clock — Date.now() and new Date() — runs TEST_CLOCK_AHEAD_MS ahead of the
// real one. Nothing else changes; PostgreSQL's now() stays real, and the product's time-dependent
// decisions (deadlines, the sweeper, delayed jobs) take their time from the process, as in production.
'use strict';
const ahead = Number(process.env.TEST_CLOCK_AHEAD_MS ?? 0);
if (ahead) {
  const RealDate = Date;
  class AheadDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + ahead);
      else super(...args);
    }
    static now() {
      return RealDate.now() + ahead;
    }
  }
  globalThis.Date = AheadDate;
}
