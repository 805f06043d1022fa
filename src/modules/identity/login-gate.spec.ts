import { STRANGER_QUEUE_SLOTS, StrangerTurns } from './login-gate';

// Proves strangers' turns on one account are one slow-down apart, bounded, and per account.
describe('StrangerTurns', () => {
  it('gives turns one slow-down apart, the first one slow-down away, and none past the bound', () => {
    const turns = new StrangerTurns();
    const waits = Array.from({ length: STRANGER_QUEUE_SLOTS + 2 }, () => turns.take('member-100001', 1_000, 2_000));
    expect(waits).toEqual([2_000, 4_000, 6_000, 8_000, 10_000, null, null]);
    // Another account has its own turns; time passing frees the queue again.
    expect(turns.take('member-100002', 1_000, 2_000)).toBe(2_000);
    expect(turns.take('member-100001', 9_000, 2_000)).toBe(4_000);
  });

  it('never refuses with no slow-down configured', () => {
    const turns = new StrangerTurns();
    expect(Array.from({ length: 20 }, () => turns.take('admin-root', 5, 0))).toEqual(Array(20).fill(0));
  });
});
