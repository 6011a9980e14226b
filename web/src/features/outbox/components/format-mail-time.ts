/** "Nov 21, 2026, 5:42:10 PM" in the viewer's time zone. */
export function formatMailTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'medium' });
}
