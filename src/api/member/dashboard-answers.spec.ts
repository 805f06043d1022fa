import { indiaDay } from './dashboard-answers';

describe('indiaDay (decision 0058)', () => {
  it("turns at India's midnight, 18:30 UTC", () => {
    const before = indiaDay(new Date('2026-11-28T18:29:59.999Z'));
    expect(indiaDay(new Date('2026-11-28T00:00:00Z'))).toBe(before);
    expect(indiaDay(new Date('2026-11-28T18:30:00Z'))).toBe(before + 1);
    expect(indiaDay(new Date('2026-11-27T18:30:00Z'))).toBe(before);
  });
});
