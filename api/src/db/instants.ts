/**
 * Instants read from the database, written out for the API: the one helper
 * every module uses (decision 164) instead of a local `iso()`.
 */

/**
 * A timestamp as the database gave it: a Date, or text from JSON built in SQL. PostgreSQL writes a year past
 * 9999 with five or more digits ("10000-01-01T…"), which JavaScript reads only with a sign ("+010000-…"); a
 * stored time is read whatever it is, so one absurd value cannot make a record unreadable.
 */
export function storedInstant(value: Date | string): Date {
  if (value instanceof Date) return value;
  const date = new Date(value);
  if (!Number.isNaN(date.getTime())) return date;
  const longYear = /^(\d{5,6})(-.*)$/.exec(value);
  return longYear ? new Date(`+${longYear[1]!.padStart(6, '0')}${longYear[2]!}`) : date;
}

/** A stored instant as ISO 8601 text (UTC); no instant (null, undefined) stays null. */
export function toIso(value: Date | string): string;
export function toIso(value: Date | string | null | undefined): string | null;
export function toIso(value: Date | string | null | undefined): string | null {
  return value ? storedInstant(value).toISOString() : null;
}
