/** Shows an ISO date as '22 Nov 2026'; an empty value as a dash; anything unreadable as is. */
export function formatDate(value: string): string {
  if (value === '') return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: 'short', year: 'numeric' }).format(date);
}

/** Shows an ISO time as '22 Nov 2026, 02:05 pm' (India's clock); an empty value as a dash; anything unreadable as is. */
export function formatDateTime(value: string): string {
  if (value === '') return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat('en-IN', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Asia/Kolkata',
  }).format(date);
}
