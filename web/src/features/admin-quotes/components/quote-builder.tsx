import { useRef, useState } from 'react';
import { formatPrice, TAX_RATE_LABEL } from '@shared/money';
import type { Quote } from '@shared/schemas/quotes';
import { QuoteDocument } from '@/components/commerce/quote-document';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { errorMessage } from '@/lib/api-client';
import { useCreateQuote, useUpdateQuote } from '../api/admin-quotes';
import { CustomerPicker } from './customer-picker';
import { LinesCard, NotesCard, QuoteFieldsCard } from './quote-builder-cards';
import { checkCreate, checkPatch, draftTotals, previewQuote, type DraftErrors, type QuoteDraft } from './quote-draft';

function Totals({ draft }: { draft: QuoteDraft }) {
  const totals = draftTotals(draft);
  return (
    <dl aria-label="Totals" className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-sm" aria-live="polite">
      <dt className="text-slate-600">One-time subtotal</dt>
      <dd className="text-right">{formatPrice(totals.oneTimeSubtotal)}</dd>
      <dt className="text-slate-600">Tax ({TAX_RATE_LABEL} of taxable lines)</dt>
      <dd className="text-right">{formatPrice(totals.tax)}</dd>
      <dt className="font-semibold">One-time total</dt>
      <dd className="text-right font-bold text-navy-900">{formatPrice(totals.oneTimeTotal)}</dd>
      <dt className="text-slate-600">Deposit</dt>
      <dd className="text-right">{formatPrice(totals.deposit)}</dd>
      <dt className="font-semibold">Monthly</dt>
      <dd className="text-right font-bold text-navy-900">{formatPrice(totals.recurringMonthly)}/mo</dd>
    </dl>
  );
}

/**
 * The quote builder, for a new quote or a draft: customer, title, lines of
 * the three kinds (reordered with up/down), deposit, validity, internal notes
 * and terms, the totals as the server will compute them, and a preview drawn
 * by the client page's own component. Saving sends lines and settings only.
 */
export function QuoteBuilder({
  initial,
  quote,
  onSaved,
}: {
  initial: QuoteDraft;
  /** The draft being edited; none for a new quote. */
  quote?: Quote;
  onSaved(quote: Quote): void;
}) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [preview, setPreview] = useState(false);
  const create = useCreateQuote();
  const update = useUpdateQuote(quote?.id ?? '');
  const saving = quote ? update : create;
  const formRef = useRef<HTMLFormElement>(null);

  const change = (next: QuoteDraft) => {
    setDraft(next);
    if (Object.keys(errors).length > 0) setErrors({});
  };

  const showErrors = (next: DraftErrors) => {
    setErrors(next);
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (quote) {
      const checked = checkPatch(draft);
      if (checked.ok) update.mutate(checked.body, { onSuccess: onSaved });
      else showErrors(checked.errors);
      return;
    }
    const checked = checkCreate(draft);
    if (checked.ok) create.mutate(checked.body, { onSuccess: onSaved });
    else showErrors(checked.errors);
  };

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="grid gap-6 xl:grid-cols-[1fr_20rem]">
      <div className="flex min-w-0 flex-col gap-6">
        <Card>
          <CardHeader>
            <CardTitle>Customer</CardTitle>
          </CardHeader>
          <CardContent>
            <CustomerPicker
              value={draft.customer}
              onChange={(customer) => change({ ...draft, customer })}
              errors={errors}
            />
          </CardContent>
        </Card>

        <QuoteFieldsCard draft={draft} errors={errors} change={change} />
        <LinesCard draft={draft} errors={errors} change={change} />
        <NotesCard draft={draft} errors={errors} change={change} />

        {preview ? (
          <section aria-label="Preview as the client sees it" className="flex flex-col gap-2">
            <h2 className="text-lg font-semibold text-navy-900">Preview: the client’s view</h2>
            <Card>
              <CardContent className="p-5 sm:p-8">
                <QuoteDocument quote={previewQuote(draft, quote)} />
              </CardContent>
            </Card>
          </section>
        ) : null}
      </div>

      <aside className="flex flex-col gap-4 xl:sticky xl:top-4 xl:self-start">
        <Card>
          <CardHeader>
            <CardTitle>Totals</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <Totals draft={draft} />
            <p className="text-xs text-slate-600">
              Worked out as the server will; the server alone decides them when the quote is saved.
            </p>
            {saving.isError ? (
              <FormAlert>{errorMessage(saving.error, 'The quote was not saved. Please try again.')}</FormAlert>
            ) : null}
            <Button type="submit" disabled={saving.isPending}>
              {saving.isPending ? 'Saving...' : quote ? 'Save Draft' : 'Create Draft'}
            </Button>
            <Button type="button" variant="outline" aria-pressed={preview} onClick={() => setPreview(!preview)}>
              {preview ? 'Hide Preview' : 'Preview'}
            </Button>
          </CardContent>
        </Card>
      </aside>
    </form>
  );
}
