/**
 * Dates as the member app shows them ('24 Nov 2026', the options of member-web's
 * lib/format-date.ts), with the time where it matters ('24 Nov 2026, 1:00 am'), always in Indian
 * time: admins and members read the same instant the same way, whatever the browser's zone.
 */
export const SAHYOG_TIME_ZONE = 'Asia/Kolkata';

const DAY: Intl.DateTimeFormatOptions = { day: '2-digit', month: 'short', year: 'numeric' };
const dateFormat = new Intl.DateTimeFormat('en-IN', { ...DAY, timeZone: SAHYOG_TIME_ZONE });
const dateTimeFormat = new Intl.DateTimeFormat('en-IN', {
  ...DAY,
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: SAHYOG_TIME_ZONE,
});

function toDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  if (value === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '24 Nov 2026, 1:00 am' (Indian time); an empty value as '—'; anything unreadable as is. */
export function formatDateTime(value: unknown): string {
  return format(value, dateTimeFormat);
}

/** '24 Nov 2026' (Indian time); an empty value as '—'; anything unreadable as is. */
export function formatDay(value: unknown): string {
  return format(value, dateFormat);
}

function format(value: unknown, formatter: Intl.DateTimeFormat): string {
  if (value === null || value === undefined || value === '') return '—';
  const date = toDate(value);
  return date ? formatter.format(date) : String(value);
}
