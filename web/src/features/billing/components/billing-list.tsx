import { Download } from 'lucide-react';
import type { BillingDocumentSummary } from '@shared/schemas/billing';
import { Badge } from '@/components/ui/badge';
import { formatDate } from '@/lib/format';
import { toBillingRow } from './billing-rows';

/**
 * Invoices and credit notes, newest first: date, number, what for, amount,
 * status and the PDF. A table on wide screens; on a phone each document is a
 * block of its own (no sideways scrolling). `formatWhen` writes the date (the
 * console passes its date-and-time format).
 */
export function BillingList({
  documents,
  formatWhen = formatDate,
}: {
  documents: readonly BillingDocumentSummary[];
  formatWhen?: (iso: string) => string;
}) {
  const rows = documents.map(toBillingRow);
  return (
    <>
      <ul className="flex flex-col divide-y divide-slate-200 md:hidden" aria-label="Invoices and credit notes">
        {rows.map((row) => (
          <li key={row.id} className="flex flex-col gap-1 py-3 text-sm first:pt-0 last:pb-0">
            <div className="flex items-center justify-between gap-3">
              <span className="font-mono font-semibold text-slate-900">{row.number}</span>
              <span className="font-semibold text-slate-900">{row.amount}</span>
            </div>
            <span className="text-slate-700">{row.about}</span>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <span className="text-slate-600">{formatWhen(row.issuedAt)}</span>
              <Badge variant={row.status.variant}>{row.status.label}</Badge>
            </div>
            <PdfLink row={row} />
          </li>
        ))}
      </ul>
      <table className="hidden w-full text-left text-sm md:table">
        <caption className="sr-only">Invoices and credit notes</caption>
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">
              Date
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Number
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              For
            </th>
            <th scope="col" className="py-2 pr-4 text-right font-medium">
              Amount
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Status
            </th>
            <th scope="col" className="py-2 font-medium">
              <span className="sr-only">PDF</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.id}>
              <td className="whitespace-nowrap py-3 pr-4 text-slate-700">{formatWhen(row.issuedAt)}</td>
              <td className="whitespace-nowrap py-3 pr-4 font-mono font-semibold text-slate-900">{row.number}</td>
              <td className="py-3 pr-4 text-slate-700">{row.about}</td>
              <td className="whitespace-nowrap py-3 pr-4 text-right font-semibold text-slate-900">{row.amount}</td>
              <td className="py-3 pr-4">
                <Badge variant={row.status.variant}>{row.status.label}</Badge>
              </td>
              <td className="py-3">
                <PdfLink row={row} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function PdfLink({ row }: { row: ReturnType<typeof toBillingRow> }) {
  return (
    <a
      href={row.pdfUrl}
      download={row.filename}
      className="inline-flex items-center gap-1 whitespace-nowrap font-semibold text-blue-700 hover:underline"
    >
      <Download className="h-4 w-4" aria-hidden="true" />
      PDF<span className="sr-only"> of {row.title}</span>
    </a>
  );
}
