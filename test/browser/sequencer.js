/**
 * The browser specs share one seeded database and one running API; some change shared state (the
 * help circle's queues, settings). They run one at a time in file-name order, so every run sees
 * the same history, whatever Jest's timing cache says.
 */
const Sequencer = require('@jest/test-sequencer').default;

class ByName extends Sequencer {
  sort(tests) {
    return [...tests].sort((a, b) => a.path.localeCompare(b.path));
  }
}

module.exports = ByName;
