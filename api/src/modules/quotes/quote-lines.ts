import type { Knex } from 'knex';
import { quoteTotalsCents, quoteTotalsWithinLimits, type QuoteTotalsCents } from '@shared/quote-totals';
import type { QuoteLineInput } from '@shared/schemas/quotes';
import { BadRequest } from '../../errors';
import { Product } from '../catalog/product.model';
import type { QuoteLineRow } from './quote-rows';

export type PricedLine = Omit<QuoteLineRow, 'id' | 'quoteId'>;

/**
 * Lines as they are stored: a product line takes the catalogue's name and
 * price when it is added (a product already on the draft keeps the price it
 * was added at), service and recurring lines carry staff's price. `taxable`
 * defaults to true for products, false for services and recurring lines.
 */
export async function priceLines(
  trx: Knex | Knex.Transaction,
  inputs: readonly QuoteLineInput[],
  previous: readonly QuoteLineRow[] = [],
): Promise<PricedLine[]> {
  const productIds = [...new Set(inputs.flatMap((line) => (line.kind === 'product' ? [line.productId] : [])))];
  const products = new Map(
    productIds.length > 0
      ? (await Product.query(trx).findByIds(productIds)).map((product) => [product.id, product] as const)
      : [],
  );
  const earlierPrice = new Map(
    previous.flatMap((line) =>
      line.kind === 'product' && line.productId ? [[line.productId, line.unitPrice] as const] : [],
    ),
  );
  return inputs.map((line, index): PricedLine => {
    const position = index + 1;
    if (line.kind === 'product') {
      const product = products.get(line.productId);
      if (!product) throw new BadRequest(`lines.${index}.productId: No such product`);
      const kept = earlierPrice.get(product.id);
      if (product.archivedAt && kept === undefined) {
        throw new BadRequest(`lines.${index}.productId: ${product.name} is no longer sold`);
      }
      return {
        position,
        kind: 'product',
        productId: product.id,
        description: product.name,
        quantity: line.quantity,
        unitPrice: kept ?? product.price,
        taxable: line.taxable ?? true,
        interval: null,
      };
    }
    return {
      position,
      kind: line.kind,
      productId: null,
      description: line.description,
      quantity: line.quantity,
      unitPrice: Number(line.unitPrice).toFixed(2),
      taxable: line.taxable ?? false,
      interval: line.kind === 'recurring' ? line.interval : null,
    };
  });
}

/** The server's totals of priced lines (the one function the console uses too); 400 past what one charge may be. */
export function totalsOfLines(lines: readonly PricedLine[], depositPercent: number): QuoteTotalsCents {
  const totals = quoteTotalsCents(lines, depositPercent);
  if (!quoteTotalsWithinLimits(totals)) throw new BadRequest('lines: The quote comes to more than $999,999.99');
  return totals;
}

export const totalsColumns = (totals: QuoteTotalsCents) => ({
  oneTimeSubtotalCents: totals.oneTimeSubtotal,
  taxCents: totals.tax,
  oneTimeTotalCents: totals.oneTimeTotal,
  depositCents: totals.deposit,
  recurringMonthlyCents: totals.recurringMonthly,
});

export async function writeLines(trx: Knex.Transaction, quoteId: string, lines: readonly PricedLine[]): Promise<void> {
  await trx('quote_lines').where({ quoteId }).delete();
  if (lines.length > 0) await trx('quote_lines').insert(lines.map((line) => ({ ...line, quoteId })));
}
