/** Shows an ISO date as '22 Nov 2026'; an empty value as a dash; anything unreadable as is. */
export function formatDate(value: string): string {
  if (value === '') return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: 'short', year: 'numeric' }).format(date);
}
