import { describe, expect, it } from 'vitest';
import { deviceDeadline, parseInstant, serverNowAt } from '../server-clock';

describe('server clock', () => {
  const header = Date.parse('2026-11-24T10:00:00.000Z');

  it("proves the device's clock is used to the millisecond when it agrees with the Date header", () => {
    expect(serverNowAt(header + 400, header)).toBe(header + 400);
    expect(deviceDeadline(header + 60_000, header, header + 400)).toBe(header + 60_000);
  });

  it("proves a device clock that disagrees counts from the end of the header's second", () => {
    const deviceBehind = header - 3 * 3600_000;
    expect(serverNowAt(deviceBehind, header)).toBe(header + 1000);
    // 59 s left on the server's clock, counted on the device's.
    expect(deviceDeadline(header + 60_000, header, deviceBehind)).toBe(deviceBehind + 59_000);
  });

  it("proves without a Date header the device's clock is the server's", () => {
    expect(serverNowAt(1234, null)).toBe(1234);
    expect(deviceDeadline(5000, null, 1000)).toBe(5000);
  });

  it('proves only readable instants parse', () => {
    expect(parseInstant('Tue, 24 Nov 2026 10:00:00 GMT')).toBe(header);
    expect(parseInstant('')).toBeNull();
    expect(parseInstant('soon')).toBeNull();
    expect(parseInstant(42)).toBeNull();
  });
});
