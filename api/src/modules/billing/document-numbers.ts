import type { Knex } from 'knex';

/** "2026-000123": the year and the invoice's place in it, six digits (more once a year passes 999,999). */
export function formatInvoiceNumber(year: number, sequence: number): string {
  return `${year}-${String(sequence).padStart(6, '0')}`;
}

/** "CN-2026-0001": a credit note's own yearly sequence, four digits (more once a year passes 9,999). */
export function formatCreditNoteNumber(year: number, sequence: number): string {
  return `CN-${year}-${String(sequence).padStart(4, '0')}`;
}

const COUNTERS = { invoice: 'invoice_counters', credit_note: 'credit_note_counters' } as const;

/**
 * The next number of the year in a sequence. The year's counter row is raised
 * with an upsert, which locks it until the transaction ends: documents of a
 * sequence are numbered one at a time, and a transaction that rolls back takes
 * its raise with it, so the numbers of a year have no gaps (decision 106).
 */
export async function nextSequence(
  trx: Knex.Transaction,
  series: keyof typeof COUNTERS,
  year: number,
): Promise<number> {
  const table = COUNTERS[series];
  const { rows } = await trx.raw<{ rows: { lastNumber: number }[] }>(
    `insert into ?? (year, last_number) values (?, 1)
     on conflict (year) do update set last_number = ??.last_number + 1
     returning last_number as "lastNumber"`,
    [table, year, table],
  );
  return rows[0]!.lastNumber;
}

/**
 * Holds, until the transaction ends, the right to issue the one document of a
 * charge or refund (`key`), so two deliveries of the same event at once do
 * not both find none and both take a number: the second waits, then finds the
 * first's document.
 */
export async function lockDocumentKey(trx: Knex.Transaction, key: string): Promise<void> {
  await trx.raw('select pg_advisory_xact_lock(hashtextextended(?, 176))', [key]);
}
