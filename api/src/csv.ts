/**
 * CSV as RFC 4180 writes it (fields separated by commas, records by CRLF; a
 * field with a comma, a double quote, a CR or an LF is quoted, its quotes
 * doubled), made safe to open in a spreadsheet: a cell whose text starts with
 * `=`, `+`, `-`, `@`, a tab or a carriage return would be read as a formula
 * (CSV injection, OWASP), so it is prefixed with `'` and shown as the text it is.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: null and undefined are empty; everything else is its text, neutralised and quoted as needed. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, ended by CRLF. */
export function csvRow(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
