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

/** The three ways dates are written: a day, a calendar day (no time zone), a moment in Indian time. */
const STYLES = {
  day: DAY,
  calendarDay: { ...DAY, timeZone: 'UTC' },
  dateTime: { ...DAY, hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

type Style = keyof typeof STYLES;

/**
 * One formatter per locale and style, made once: making an `Intl.DateTimeFormat` costs ~0.5 ms, and
 * the first one of a page 30–90 ms while the browser loads its locale data (measured in Chromium),
 * so a list of 50 rows must not make 100 of them.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(style: Style): Intl.DateTimeFormat {
  const locale = dateLocale();
  const key = `${locale} ${style}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, STYLES[style]);
    formatters.set(key, found);
  }
  return found;
}

/**
 * Makes the current language's formatters ahead of their first use. The app calls it while a page
 * drawn from scratch waits for its code, so the browser's one-off load of the locale's date data
 * (tens of milliseconds of main thread) is not a long task later, when the first answer is drawn.
 */
export function prepareDateFormats(): void {
  for (const style of Object.keys(STYLES) as Style[]) formatter(style);
}

/** Shows an ISO date as '22 Nov 2026'; an empty value as a dash; anything unreadable as is. */
export function formatDate(value: string): string {
  if (value === '') return '—';
  const date = readable(value);
  if (!date) return value;
  return formatter('day').format(date);
}

/** A calendar day written 'YYYY-MM-DD' (the sample pages' rows) as '05 Nov 2026', in any time zone. */
export function formatCalendarDay(day: string): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(day) ? readable(`${day}T00:00:00Z`) : null;
  if (!date) return day;
  return formatter('calendarDay').format(date);
}

/** A timestamp as '24 Nov 2026, 1:00 am' in Indian time; '' as a dash; anything unreadable as is. */
export function formatDateTime(value: string): string {
  if (value === '') return '—';
  const date = readable(value);
  if (!date) return value;
  return formatter('dateTime').format(date);
}
