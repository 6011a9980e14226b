/** One field of a record as an audit entry recorded it: its value before and after (undefined: no such side). */
export interface FieldChange {
  key: string;
  before: unknown;
  after: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields an entry's before and after differ in, in the order they were recorded (a created record: all its
 * fields, with no before). Values that are not objects are one change named "value".
 */
export function compactDiff(before: unknown, after: unknown): FieldChange[] {
  if (!isRecord(before) && !isRecord(after)) {
    if (before == null && after == null) return [];
    return same(before, after) ? [] : [{ key: 'value', before: before ?? undefined, after: after ?? undefined }];
  }
  const was = isRecord(before) ? before : {};
  const now = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  return keys
    .filter((key) => !(key in was && key in now && same(was[key], now[key])))
    .map((key) => ({
      key,
      before: key in was ? was[key] : undefined,
      after: key in now ? now[key] : undefined,
    }));
}

/** A value as one short line: text as it is, empty as "—", the rest as JSON. */
export function formatValue(value: unknown, max = 120): string {
  if (value === undefined) return '';
  if (value === null || value === '') return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
