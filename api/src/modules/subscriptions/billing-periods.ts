import type { PlanInterval } from '@shared/schemas/subscriptions';

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/**
 * The end of a billing period that starts at `start` (UTC), as Stripe counts
 * it: the same day of the next month (or year), or that month's last day when
 * it is shorter (January 31 → February 28).
 */
export function addInterval(start: Date, interval: PlanInterval, count = 1): Date {
  const months = interval === 'year' ? 12 * count : count;
  const total = start.getUTCMonth() + months;
  const year = start.getUTCFullYear() + Math.floor(total / 12);
  const month = ((total % 12) + 12) % 12;
  const day = Math.min(start.getUTCDate(), daysInMonth(year, month));
  return new Date(
    Date.UTC(
      year,
      month,
      day,
      start.getUTCHours(),
      start.getUTCMinutes(),
      start.getUTCSeconds(),
      start.getUTCMilliseconds(),
    ),
  );
}
