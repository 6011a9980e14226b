import type { Knex } from 'knex';
import type { BusinessHours } from '@shared/schemas/support';
import { weekdays } from '@shared/schemas/support';

/**
 * Test databases start open around the clock (global-setup.ts stores this as
 * the business hours), so the time of day a suite runs at never adds an away
 * reply to a chat or an acknowledgement. Tests of away behaviour store their
 * own hours with `storeBusinessHours`.
 */
export const ALWAYS_OPEN: BusinessHours = {
  timeZone: 'America/Chicago',
  weekly: weekdays.map((day) => ({ day, opens: '00:00', closes: '24:00' })),
  holidays: [],
};

/** Writes the business hours setting directly (the admin route is tested on its own). */
export async function storeBusinessHours(db: Knex, hours: BusinessHours): Promise<void> {
  await db('settings')
    .insert({ key: 'business_hours', value: JSON.stringify(hours), updatedAt: db.fn.now() })
    .onConflict('key')
    .merge();
}

/** Today's local date (YYYY-MM-DD) in a zone. */
export function todayIn(timeZone: string, now: number = Date.now()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
