import { currentLanguage } from './i18n';

/**
 * The locale of dates: 'en-IN' ('24 Nov 2026, 1:00 am', the spec's format) or, for a member reading
 * हिन्दी, 'hi-IN' ('24 नव॰ 2026, 1:00 pm': Hindi month names, the same digits and order).
 */
function dateLocale(): string {
  return currentLanguage() === 'hi' ? 'hi-IN' : 'en-IN';
}

function readable(value: string): Date | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const DAY: Intl.DateTimeFormatOptions = { day: '2-digit', month: 'short', year: 'numeric' };

/** Shows an ISO date as '22 Nov 2026'; an empty value as a dash; anything unreadable as is. */
export function formatDate(value: string): string {
  if (value === '') return '—';
  const date = readable(value);
  if (!date) return value;
  return new Intl.DateTimeFormat(dateLocale(), DAY).format(date);
}

/** A calendar day written 'YYYY-MM-DD' (the sample pages' rows) as '05 Nov 2026', in any time zone. */
export function formatCalendarDay(day: string): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(day) ? readable(`${day}T00:00:00Z`) : null;
  if (!date) return day;
  return new Intl.DateTimeFormat(dateLocale(), { ...DAY, timeZone: 'UTC' }).format(date);
}

/** A timestamp as '24 Nov 2026, 1:00 am' in Indian time; '' as a dash; anything unreadable as is. */
export function formatDateTime(value: string): string {
  if (value === '') return '—';
  const date = readable(value);
  if (!date) return value;
  return new Intl.DateTimeFormat(dateLocale(), {
    ...DAY,
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'Asia/Kolkata',
  }).format(date);
}
