/** A duration in minutes as staff read it: "45 min", "3 h 05 min", "2 d 4 h" (null: "—"). */
export function formatMinutes(minutes: number | null): string {
  if (minutes === null) return '—';
  const whole = Math.round(minutes);
  if (whole < 60) return `${whole} min`;
  const hours = Math.floor(whole / 60);
  if (hours < 24) return `${hours} h ${String(whole % 60).padStart(2, '0')} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/** Business minutes, with calendar time beside them when the two differ. */
export function formatBusinessAndCalendar(business: number | null, calendar: number | null): string {
  if (business === null) return '—';
  const text = `${formatMinutes(business)} business`;
  return calendar !== null && Math.round(calendar) !== Math.round(business)
    ? `${text} (${formatMinutes(calendar)} calendar)`
    : text;
}

export const formatPercent = (value: number | null) => (value === null ? '—' : `${value}%`);
export const formatMoney = (amount: string) =>
  Number(amount).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
