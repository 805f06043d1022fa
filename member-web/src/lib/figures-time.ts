/**
 * The time of the member's last figures, as the connection banner and the dashboard shell's early
 * script show it: hours and minutes today, with the date when older. It imports nothing, so the
 * early script (app/early-dashboard.ts) can share it without pulling in the app.
 */
export function figuresTime(at: number, language: string, now = Date.now()): string {
  const sameDay = new Date(at).toDateString() === new Date(now).toDateString();
  return new Intl.DateTimeFormat(language === 'hi' ? 'hi-IN' : 'en-IN', {
    ...(sameDay ? {} : { day: 'numeric', month: 'short' }),
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);
}
