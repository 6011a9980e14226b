/** "November 21, 2026", or N/A for a missing or unreadable date. Call it only with data fetched on the client. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return 'N/A';
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * "Nov 21, 2026, 5:42 PM" in the viewer's time zone: the one date-and-time
 * format of the staff console (lists, timelines, refunds, mails) and the
 * portal's tickets; N/A for a missing or unreadable instant. Client-side only.
 */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return 'N/A';
  return dateTimeFormat.format(date);
}
