import { z } from 'zod';

/**
 * The one schema for a calendar day (YYYY-MM-DD) in a request: a day that
 * exists (no February 30, no year 0000) within years PostgreSQL, JavaScript
 * and iCalendar all write the same way. Every query filter and form field that
 * takes a date uses it, so a date the database cannot take never reaches it.
 */

export const EARLIEST_DATE = '1900-01-01';
export const LATEST_DATE = '9999-12-31';

const DAY_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether YYYY-MM-DD names a day that exists (no February 30, no month 13). */
export function isCalendarDate(value: string): boolean {
  if (!DAY_SHAPE.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** A calendar day named `field` in messages ("from is not a real date"), between EARLIEST_DATE and LATEST_DATE. */
export function calendarDate(field: string) {
  return z
    .string({ error: `${field} must be a date (YYYY-MM-DD)` })
    .regex(DAY_SHAPE, `${field} must be a date (YYYY-MM-DD)`)
    .refine(isCalendarDate, `${field} is not a real date`)
    .refine(
      (value) => value >= EARLIEST_DATE && value <= LATEST_DATE,
      `${field} must be between ${EARLIEST_DATE} and ${LATEST_DATE}`,
    );
}
