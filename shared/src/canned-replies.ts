/**
 * Canned replies' variables (issue 26): the names a reply's body may use as
 * `{{name}}`, how a body is filled from the values of one conversation, and
 * how a text still holding a placeholder is recognised. The composers fill and
 * warn with these; the API refuses a staff reply that still holds one, so a
 * placeholder never reaches a customer as braces.
 */

export const cannedReplyVariables = [
  'customer.firstName',
  'customer.name',
  'ticket.number',
  'order.number',
  'staff.firstName',
  'company.phone',
] as const;
export type CannedReplyVariable = (typeof cannedReplyVariables)[number];

export const CANNED_REPLY_VARIABLE_LABELS: Record<CannedReplyVariable, string> = {
  'customer.firstName': "the customer's first name",
  'customer.name': "the customer's full name",
  'ticket.number': 'the ticket number (T-…)',
  'order.number': "the customer's latest order number (NS-…)",
  'staff.firstName': 'your first name',
  'company.phone': "the company's phone number",
};

/** The values for one conversation; null when it has none (an anonymous visitor has no order). */
export type CannedReplyValues = Record<CannedReplyVariable, string | null>;

/** `{{ name }}`: any double-braced word, known or not. */
const PLACEHOLDER = /\{\{\s*([^{}\s]*)\s*\}\}/g;

export function isCannedReplyVariable(name: string): name is CannedReplyVariable {
  return (cannedReplyVariables as readonly string[]).includes(name);
}

/** The placeholders left in a text, each once, in order of appearance (e.g. `['order.number', 'foo']`). */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1] ?? ''))];
}

/** Whether a text still holds a `{{…}}` placeholder (then it must not be sent). */
export function hasPlaceholder(text: string): boolean {
  return placeholdersIn(text).length > 0;
}

export const UNFILLED_PLACEHOLDER_MESSAGE =
  'Your reply still holds a {{…}} placeholder from a canned reply: write the missing text in its place before sending';

/**
 * A reply's body with every known variable that has a value filled in. A
 * variable without a value, or a name that is not a variable, stays as it was
 * and is listed in `unfilled`, for the composer to show as a warning.
 */
export function fillCannedReply(
  body: string,
  values: Partial<CannedReplyValues>,
): { text: string; unfilled: string[] } {
  const unfilled = new Set<string>();
  const text = body.replace(PLACEHOLDER, (whole, name: string) => {
    const value = isCannedReplyVariable(name) ? values[name] : null;
    if (value == null || value === '') {
      unfilled.add(name);
      return whole;
    }
    return value;
  });
  return { text, unfilled: [...unfilled] };
}

/** A customer's first name from the name they gave ("Priya Shah" → "Priya"). */
export function firstNameOf(name: string | null | undefined): string | null {
  const first = name?.trim().split(/\s+/)[0];
  return first ? first : null;
}

/**
 * The `/shortcut` being typed at the cursor: a slash at the start of the text
 * or after a space or newline, then letters, digits, `-` or `_`. Null when the
 * cursor is not in one.
 */
export function slashQueryAt(text: string, cursor: number): { start: number; query: string } | null {
  const before = text.slice(0, cursor);
  const match = /(^|\s)\/([\w-]{0,40})$/.exec(before);
  if (!match) return null;
  return { start: before.length - (match[2]?.length ?? 0) - 1, query: match[2] ?? '' };
}

/** Replies matching what was typed after `/`: shortcuts that start with it first, then titles containing it. */
export function matchCannedReplies<T extends { shortcut: string; title: string }>(replies: T[], query: string): T[] {
  const q = query.toLowerCase();
  const starts = replies.filter((reply) => reply.shortcut.toLowerCase().startsWith(q));
  const contains = replies.filter(
    (reply) =>
      !starts.includes(reply) && (reply.shortcut.toLowerCase().includes(q) || reply.title.toLowerCase().includes(q)),
  );
  return [...starts, ...contains];
}
