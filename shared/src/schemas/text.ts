import { z } from 'zod';

// Control characters other than tab/newline never belong in user text, and
// PostgreSQL cannot store U+0000 at all: reject them at the edge.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// Half of a UTF-16 surrogate pair on its own is not text: it would be stored as U+FFFD.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A trimmed single-line string of at most `max` characters. */
export function singleLine(max: number, label: string) {
  return z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(
      (value) => !SINGLE_LINE_FORBIDDEN.test(value) && !LONE_SURROGATE.test(value),
      `${label} contains invalid characters`,
    );
}

/** A trimmed multi-line string of at most `max` characters. */
export function multiLine(max: number, label: string) {
  return z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(
      (value) => !MULTI_LINE_FORBIDDEN.test(value) && !LONE_SURROGATE.test(value),
      `${label} contains invalid characters`,
    );
}

/**
 * An optional text field as HTML forms send it: an empty string means "not given".
 * Parses to `string | null`.
 */
export function optionalSingleLine(max: number, label: string) {
  return z
    .union([singleLine(max, label), z.null()])
    .optional()
    .transform((value) => (value ? value : null));
}

export const emailAddress = z
  .string()
  .trim()
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Invalid email address'));

/** Optional email as forms send it: "" or absent → null, otherwise a valid address. */
export const optionalEmailAddress = z
  .union([z.literal(''), z.null(), emailAddress])
  .optional()
  .transform((value) => (value ? value.toLowerCase() : null));

export const uuid = z.uuid('Invalid id');

/** Whether a value is an id the `uuid` schema accepts. */
export function isUuid(value: unknown): value is string {
  return uuid.safeParse(value).success;
}
