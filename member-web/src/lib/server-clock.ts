/** How far after the `Date` header's second the device's clock may be and still count as the server's (the header's fraction of a second, plus the answer's way). */
export const CLOCK_AGREEMENT_MS = 2000;

/**
 * The server's clock at `deviceNow`, as well as this device can tell from the answer's `Date`
 * (`serverDate`, whole seconds, a moment old): the device's own clock, to the millisecond, when it
 * agrees with the header; otherwise the end of the header's second — the latest the server's clock
 * can be, so a countdown ends at or before the server's deadline, never after. Without a `Date`, the
 * device's clock.
 */
export function serverNowAt(deviceNow: number, serverDate: number | null): number {
  if (serverDate === null) return deviceNow;
  return deviceNow >= serverDate && deviceNow < serverDate + CLOCK_AGREEMENT_MS ? deviceNow : serverDate + 1000;
}

/** An ISO timestamp (or an HTTP date) → epoch ms; null when absent or unreadable. */
export function parseInstant(value: unknown): number | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}

/**
 * A deadline on the server's clock (`deadline`, epoch ms) as a deadline on this device's clock, given
 * the server's `Date` of the answer that carried it: what is left on the server's clock is counted
 * down on the device's, so a device clock that is wrong neither shortens nor stretches the time left.
 */
export function deviceDeadline(deadline: number, serverDate: number | null, deviceNow = Date.now()): number {
  return deviceNow + (deadline - serverNowAt(deviceNow, serverDate));
}
