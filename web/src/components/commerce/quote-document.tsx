import { useId } from 'react';
import { formatPrice, TAX_RATE_LABEL } from '@shared/money';
import type { PublicQuote, QuoteLine, QuoteStatus } from '@shared/schemas/quotes';
import { company } from '@shared/site/company';

export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  viewed: 'Viewed',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  withdrawn: 'Withdrawn',
  superseded: 'Replaced',
  paid: 'Deposit paid',
  converted: 'Converted',
};

/** "December 31, 2026" for a YYYY-MM-DD day, read as that calendar day wherever the reader is. */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** The quote's number as the client reads it: Q-2026-0001, and "-v2" from the second version on. */
export function quoteReference(quote: Pick<PublicQuote, 'number' | 'version'>): string {
  return quote.version > 1 && !quote.number.endsWith(`-v${quote.version}`)
    ? `${quote.number}-v${quote.version}`
    : quote.number;
}

function LinesTable({ caption, lines, monthly }: { caption: string; lines: readonly QuoteLine[]; monthly: boolean }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="pb-2 text-left text-base font-semibold text-navy-900">{caption}</caption>
        <thead className="border-b border-slate-200 text-slate-700">
          <tr>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Description
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              Qty
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              {monthly ? 'Per month' : 'Unit price'}
            </th>
            <th scope="col" className="py-2 pl-3 text-right font-semibold">
              {monthly ? 'Monthly' : 'Amount'}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {lines.map((line) => (
            <tr key={line.id}>
              <td className="py-2 pr-3 text-slate-900">
                <span className="break-words">{line.description}</span>
                {!monthly && line.taxable ? <span className="ml-1 text-xs text-slate-600">(taxable)</span> : null}
              </td>
              <td className="px-3 py-2 text-right text-slate-700">{line.quantity}</td>
              <td className="whitespace-nowrap px-3 py-2 text-right text-slate-700">{formatPrice(line.unitPrice)}</td>
              <td className="whitespace-nowrap py-2 pl-3 text-right font-medium text-slate-900">
                {formatPrice(line.lineTotal)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A quote as the client reads it: the company's header, who it is for, the
 * one-time and monthly lines, the totals, the validity and the terms. The
 * client's page (/quotes/:token) and the console builder's preview both draw
 * it, so staff see exactly what the client will.
 */
export function QuoteDocument({ quote }: { quote: PublicQuote }) {
  const oneTime = quote.lines.filter((line) => line.kind !== 'recurring');
  const recurring = quote.lines.filter((line) => line.kind === 'recurring');
  const { totals } = quote;
  const termsId = useId();
  return (
    <article aria-label={`Quote ${quoteReference(quote)}`} className="flex flex-col gap-6 text-slate-900">
      <header className="flex flex-col gap-4 border-b border-slate-200 pb-5 sm:flex-row sm:justify-between">
        <div>
          <p className="text-lg font-bold text-navy-900">{company.legalName}</p>
          <address className="text-sm not-italic text-slate-600">
            {company.address.street}
            <br />
            {company.address.locality}, {company.address.region} {company.address.postalCode}
            <br />
            {company.phone} · {company.salesEmail}
          </address>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm sm:text-right">
          <dt className="text-slate-600">Quote</dt>
          <dd className="font-mono font-semibold">{quoteReference(quote)}</dd>
          {quote.sentAt ? (
            <>
              <dt className="text-slate-600">Date</dt>
              <dd>{formatDay(quote.sentAt.slice(0, 10))}</dd>
            </>
          ) : null}
          <dt className="text-slate-600">Valid until</dt>
          <dd>{formatDay(quote.validUntil)}</dd>
        </dl>
      </header>

      <div className="flex flex-col gap-1">
        <h2 className="text-2xl font-bold text-navy-900">{quote.title}</h2>
        <p className="text-sm text-slate-600">
          Prepared for <span className="font-medium text-slate-900">{quote.customer.name}</span>
          {quote.customer.company ? `, ${quote.customer.company}` : ''}
        </p>
      </div>

      {oneTime.length > 0 ? <LinesTable caption="One-time" lines={oneTime} monthly={false} /> : null}
      {recurring.length > 0 ? <LinesTable caption="Monthly services" lines={recurring} monthly /> : null}

      <dl className="ml-auto grid w-full max-w-sm grid-cols-[1fr_auto] gap-x-4 gap-y-2 border-t border-slate-200 pt-4 text-sm">
        {oneTime.length > 0 ? (
          <>
            <dt className="text-slate-600">Subtotal</dt>
            <dd className="text-right">{formatPrice(totals.oneTimeSubtotal)}</dd>
            <dt className="text-slate-600">State Tax ({TAX_RATE_LABEL})</dt>
            <dd className="text-right">{formatPrice(totals.tax)}</dd>
            <dt className="font-semibold">One-time total</dt>
            <dd className="text-right font-bold text-navy-900">{formatPrice(totals.oneTimeTotal)}</dd>
            {quote.depositPercent > 0 ? (
              <>
                <dt className="text-slate-600">Deposit due on acceptance ({quote.depositPercent}%)</dt>
                <dd className="text-right font-semibold">{formatPrice(totals.deposit)}</dd>
              </>
            ) : null}
          </>
        ) : null}
        {recurring.length > 0 ? (
          <>
            <dt className="font-semibold">Monthly</dt>
            <dd className="text-right font-bold text-navy-900">{formatPrice(totals.recurringMonthly)}/mo</dd>
          </>
        ) : null}
      </dl>

      <p className="text-sm text-slate-600">
        This quote is valid until {formatDay(quote.validUntil)}. Prices are in US dollars.
      </p>

      {quote.terms ? (
        <section aria-labelledby={termsId} className="flex flex-col gap-2">
          <h3 id={termsId} className="text-base font-semibold text-navy-900">
            Terms
          </h3>
          <p className="whitespace-pre-wrap break-words text-sm text-slate-700">{quote.terms}</p>
        </section>
      ) : null}
    </article>
  );
}
