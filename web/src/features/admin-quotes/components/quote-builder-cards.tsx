import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { LineRow, ProductSearch } from './line-editor';
import {
  addLine,
  customLine,
  moveLine,
  productLine,
  removeLine,
  updateLine,
  type DraftErrors,
  type QuoteDraft,
} from './quote-draft';

/** A card of the quote builder: the draft, its errors, and the change that replaces it (and clears the errors). */
interface DraftCardProps {
  draft: QuoteDraft;
  errors: DraftErrors;
  change(next: QuoteDraft): void;
}

/** Title, validity and deposit. */
export function QuoteFieldsCard({ draft, errors, change }: DraftCardProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quote</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <FormField label="Title" error={errors.title}>
          <Input
            name="title"
            maxLength={200}
            value={draft.title}
            onChange={(e) => change({ ...draft, title: e.target.value })}
          />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Valid until" error={errors.validUntil}>
            <Input
              name="validUntil"
              type="date"
              value={draft.validUntil}
              onChange={(e) => change({ ...draft, validUntil: e.target.value })}
            />
          </FormField>
          <FormField label="Deposit (% of the one-time total)" error={errors.depositPercent}>
            <Input
              name="depositPercent"
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              step={1}
              value={draft.depositPercent}
              onChange={(e) => change({ ...draft, depositPercent: e.target.value })}
            />
          </FormField>
        </div>
      </CardContent>
    </Card>
  );
}

/** The lines of the three kinds, reordered with up/down; products found by search. */
export function LinesCard({ draft, errors, change }: DraftCardProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Lines</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {draft.lines.length === 0 ? (
          <p className="text-sm text-slate-600">No lines yet: add a product, a service or a monthly service.</p>
        ) : (
          <ol aria-label="Quote lines" className="flex flex-col gap-3">
            {draft.lines.map((line, index) => (
              <LineRow
                key={line.key}
                line={line}
                index={index}
                count={draft.lines.length}
                errors={errors}
                onChange={(changes) => change(updateLine(draft, line.key, changes))}
                onMove={(by) => change(moveLine(draft, line.key, by))}
                onRemove={() => change(removeLine(draft, line.key))}
              />
            ))}
          </ol>
        )}
        {errors.lines ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {errors.lines}
          </p>
        ) : null}
        <ProductSearch onAdd={(product) => change(addLine(draft, productLine(product)))} />
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" onClick={() => change(addLine(draft, customLine('service')))}>
            Add a service line
          </Button>
          <Button type="button" variant="outline" onClick={() => change(addLine(draft, customLine('recurring')))}>
            Add a monthly line
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** Internal notes (staff only) and the terms the client sees. */
export function NotesCard({ draft, errors, change }: DraftCardProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Notes and terms</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <FormField label="Internal notes" optional hint="Staff only: never shown to the client." error={errors.notes}>
          <Textarea
            name="notes"
            rows={3}
            maxLength={5000}
            value={draft.notes}
            onChange={(e) => change({ ...draft, notes: e.target.value })}
          />
        </FormField>
        <FormField label="Terms" optional hint="Shown on the quote and its PDF." error={errors.terms}>
          <Textarea
            name="terms"
            rows={5}
            maxLength={10000}
            value={draft.terms}
            onChange={(e) => change({ ...draft, terms: e.target.value })}
          />
        </FormField>
      </CardContent>
    </Card>
  );
}
