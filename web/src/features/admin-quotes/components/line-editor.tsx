import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { formatPrice, fromCents } from '@shared/money';
import { lineTotalCents } from '@shared/quote-totals';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useCatalogue } from '../api/quote-pickers';
import type { DraftErrors, DraftLine } from './quote-draft';

const KIND_LABELS = { product: 'Product', service: 'Service (one-time)', recurring: 'Recurring (monthly)' } as const;

function lineAmount(line: DraftLine): string {
  const quantity = Number(line.quantity);
  if (!Number.isInteger(quantity) || quantity < 1 || !/^\d{1,6}(\.\d{1,2})?$/.test(line.unitPrice.trim())) return '—';
  return formatPrice(fromCents(lineTotalCents({ quantity, unitPrice: line.unitPrice.trim() })));
}

/** One line: its fields (a product's name and price are the catalogue's), taxable, move up/down, remove. */
export function LineRow({
  line,
  index,
  count,
  errors,
  onChange,
  onMove,
  onRemove,
}: {
  line: DraftLine;
  index: number;
  count: number;
  errors: DraftErrors;
  onChange(changes: Partial<Pick<DraftLine, 'description' | 'quantity' | 'unitPrice' | 'taxable'>>): void;
  onMove(by: -1 | 1): void;
  onRemove(): void;
}) {
  const error = (field: string) => errors[`${line.key}.${field}`];
  const name = `Line ${index + 1}`;
  return (
    <li className="flex flex-col gap-3 rounded-md border border-slate-200 p-3" aria-label={name}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-semibold text-slate-700">
          {name}: {KIND_LABELS[line.kind]}
          {line.kind === 'recurring' ? <span className="font-normal text-slate-600"> · billed monthly</span> : null}
        </p>
        <div className="flex gap-1">
          <Button
            type="button"
            variant="ghost"
            size="sm"
            aria-label={`Move ${name} up`}
            disabled={index === 0}
            onClick={() => onMove(-1)}
          >
            <ArrowUp className="h-4 w-4" aria-hidden="true" />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            aria-label={`Move ${name} down`}
            disabled={index === count - 1}
            onClick={() => onMove(1)}
          >
            <ArrowDown className="h-4 w-4" aria-hidden="true" />
          </Button>
          <Button type="button" variant="ghost" size="sm" aria-label={`Remove ${name}`} onClick={onRemove}>
            <Trash2 className="h-4 w-4" aria-hidden="true" />
          </Button>
        </div>
      </div>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_6rem_7rem_6rem] sm:items-start">
        {line.kind === 'product' ? (
          <div className="flex flex-col gap-1.5 text-sm">
            <span className="font-medium text-slate-700">Product</span>
            <span className="py-2 text-slate-900">{line.description}</span>
            {error('productId') ? (
              <p role="alert" className="font-medium text-red-700">
                {error('productId')}
              </p>
            ) : null}
          </div>
        ) : (
          <FormField label="Description" error={error('description')}>
            <Input
              name={`description-${line.key}`}
              maxLength={300}
              value={line.description}
              onChange={(e) => onChange({ description: e.target.value })}
            />
          </FormField>
        )}
        <FormField label="Quantity" error={error('quantity')}>
          <Input
            name={`quantity-${line.key}`}
            type="number"
            inputMode="numeric"
            min={1}
            max={10000}
            step={1}
            value={line.quantity}
            onChange={(e) => onChange({ quantity: e.target.value })}
          />
        </FormField>
        {line.kind === 'product' ? (
          <div className="flex flex-col gap-1.5 text-sm">
            <span className="font-medium text-slate-700">Catalogue price</span>
            <span className="py-2 text-slate-900">{formatPrice(line.unitPrice)}</span>
          </div>
        ) : (
          <FormField label={line.kind === 'recurring' ? 'Per month ($)' : 'Unit price ($)'} error={error('unitPrice')}>
            <Input
              name={`unitPrice-${line.key}`}
              inputMode="decimal"
              placeholder="120.00"
              maxLength={9}
              value={line.unitPrice}
              onChange={(e) => onChange({ unitPrice: e.target.value })}
            />
          </FormField>
        )}
        <div className="flex flex-col gap-1.5 text-sm">
          <span className="font-medium text-slate-700">Amount</span>
          <span className="py-2 font-semibold text-slate-900">{lineAmount(line)}</span>
        </div>
      </div>
      {line.kind !== 'recurring' ? (
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="h-4 w-4"
            checked={line.taxable}
            onChange={(e) => onChange({ taxable: e.target.checked })}
          />
          Taxable
        </label>
      ) : null}
    </li>
  );
}

/** Finds a product of the catalogue by name or SKU-like text and adds it at today's price. */
export function ProductSearch({ onAdd }: { onAdd(product: { id: string; name: string; price: string }): void }) {
  const [term, setTerm] = useState('');
  const catalogue = useCatalogue();
  const words = term.trim().toLowerCase();
  const matches =
    words.length >= 2
      ? (catalogue.data ?? [])
          .filter((product) => `${product.name} ${product.category}`.toLowerCase().includes(words))
          .slice(0, 8)
      : [];
  return (
    <div className="flex flex-col gap-2">
      <FormField label="Add a product from the catalogue" optional>
        <Input type="search" value={term} maxLength={100} onChange={(e) => setTerm(e.target.value)} />
      </FormField>
      {catalogue.isError ? (
        <p role="alert" className="text-sm text-red-700">
          The catalogue could not be loaded.
        </p>
      ) : null}
      {matches.length > 0 ? (
        <ul aria-label="Matching products" className="divide-y divide-slate-100 rounded-md border border-slate-200">
          {matches.map((product) => (
            <li key={product.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
              <span>
                <span className="font-medium text-slate-900">{product.name}</span>
                <span className="text-slate-600"> · {formatPrice(product.price)}</span>
              </span>
              <Button
                type="button"
                size="sm"
                variant="outline"
                aria-label={`Add ${product.name}`}
                onClick={() => {
                  onAdd(product);
                  setTerm('');
                }}
              >
                Add
              </Button>
            </li>
          ))}
        </ul>
      ) : words.length >= 2 && catalogue.isSuccess ? (
        <p className="text-sm text-slate-600">No product matches.</p>
      ) : null}
    </div>
  );
}
