import { describe, expect, it } from 'vitest';
import { quoteCreateSchema, type Quote } from '@shared/schemas/quotes';
import {
  addLine,
  checkCreate,
  checkPatch,
  createBody,
  customLine,
  draftFromQuote,
  draftTotals,
  emptyDraft,
  moveLine,
  patchBody,
  previewQuote,
  productLine,
  removeLine,
  updateLine,
  type QuoteDraft,
} from './quote-draft';

const PRODUCT = { id: '5d7c1f6e-0b7a-4b7e-9a55-2f1b1f0a9c01', name: 'Managed switch, 24 ports', price: '100.00' };

/** A draft with one line of each kind: 2 switches (taxable), 3 hours of installation, 2 managed devices monthly. */
function fullDraft(): QuoteDraft {
  let draft: QuoteDraft = {
    ...emptyDraft(new Date('2026-11-26T12:00:00Z')),
    customer: { kind: 'new', name: 'Dana Client', email: 'dana@example.com', company: 'Acme' },
    title: 'Office network',
    depositPercent: '25',
  };
  draft = addLine(draft, productLine(PRODUCT, 'p'));
  draft = updateLine(draft, 'p', { quantity: '2' });
  draft = addLine(draft, customLine('service', 's'));
  draft = updateLine(draft, 's', { description: 'Installation (hours)', quantity: '3', unitPrice: '50' });
  draft = addLine(draft, customLine('recurring', 'r'));
  draft = updateLine(draft, 'r', { description: 'Managed network', quantity: '2', unitPrice: '99.99' });
  return draft;
}

describe('the quote builder', () => {
  it('defaults products to taxable and services and recurring lines to not', () => {
    expect(productLine(PRODUCT).taxable).toBe(true);
    expect(customLine('service').taxable).toBe(false);
    expect(customLine('recurring').taxable).toBe(false);
  });

  it('edits a line but keeps a product line at the catalogue’s name and price', () => {
    let draft = fullDraft();
    draft = updateLine(draft, 'p', { description: 'Cheap switch', unitPrice: '1.00', quantity: '4', taxable: false });
    expect(draft.lines[0]).toMatchObject({
      description: PRODUCT.name,
      unitPrice: '100.00',
      quantity: '4',
      taxable: false,
    });
    draft = updateLine(draft, 's', { unitPrice: '75.50' });
    expect(draft.lines[1]!.unitPrice).toBe('75.50');
  });

  it('moves lines up and down, and not past either end', () => {
    const draft = fullDraft();
    expect(moveLine(draft, 'r', -1).lines.map((l) => l.key)).toEqual(['p', 'r', 's']);
    expect(moveLine(draft, 'p', 1).lines.map((l) => l.key)).toEqual(['s', 'p', 'r']);
    expect(moveLine(draft, 'p', -1)).toBe(draft);
    expect(moveLine(draft, 'r', 1)).toBe(draft);
    expect(removeLine(draft, 's').lines.map((l) => l.key)).toEqual(['p', 'r']);
  });

  it('shows the totals the shared function gives, checked against sums done by hand', () => {
    // One-time: 2 × 100.00 (taxable) + 3 × 50.00 = 350.00; tax 8.5 % of 200.00 = 17.00; total 367.00;
    // deposit 25 % = 91.75; monthly 2 × 99.99 = 199.98.
    expect(draftTotals(fullDraft())).toEqual({
      oneTimeSubtotal: '350.00',
      tax: '17.00',
      oneTimeTotal: '367.00',
      deposit: '91.75',
      recurringMonthly: '199.98',
    });
  });

  it('counts a line still being typed as nothing rather than showing NaN', () => {
    const draft = updateLine(fullDraft(), 's', { quantity: '', unitPrice: '12.' });
    expect(draftTotals(draft)).toMatchObject({ oneTimeSubtotal: '200.00', tax: '17.00', oneTimeTotal: '217.00' });
  });

  it('sends lines and settings, never a price of a product, a total, tax or deposit amount', () => {
    const body = createBody(fullDraft());
    expect(quoteCreateSchema.safeParse(body).success).toBe(true);
    expect(body.lines).toEqual([
      { kind: 'product', productId: PRODUCT.id, quantity: 2, taxable: true },
      { kind: 'service', description: 'Installation (hours)', quantity: 3, unitPrice: '50', taxable: false },
      {
        kind: 'recurring',
        description: 'Managed network',
        quantity: 2,
        unitPrice: '99.99',
        interval: 'month',
        taxable: false,
      },
    ]);
    const text = JSON.stringify(body);
    for (const amount of [
      'totals',
      'oneTimeTotal',
      'oneTimeSubtotal',
      '"tax"',
      '"deposit"',
      'recurringMonthly',
      '367.00',
    ])
      expect(text).not.toContain(amount);
    expect(body).toMatchObject({ depositPercent: 25, validUntil: '2026-12-26' });
    expect(Object.keys(patchBody(fullDraft()))).not.toContain('source');
  });

  it('names a client account by its id only', () => {
    const draft: QuoteDraft = {
      ...fullDraft(),
      customer: { kind: 'account', userId: PRODUCT.id, name: 'Dana', email: 'dana@example.com' },
    };
    expect(createBody(draft).customer).toEqual({ userId: PRODUCT.id });
  });

  it('places the shared schema’s messages at the quote’s fields and at each line', () => {
    let draft: QuoteDraft = {
      ...fullDraft(),
      title: '',
      customer: { kind: 'new', name: '', email: 'x', company: '' },
    };
    draft = updateLine(draft, 's', { unitPrice: 'abc' });
    draft = updateLine(draft, 'r', { quantity: '0' });
    const checked = checkCreate(draft);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors).toMatchObject({
      title: 'Title is required',
      'customer.name': 'Name is required',
      's.unitPrice': 'Unit price must be an amount such as 120.00',
      'r.quantity': 'Quantity must be a whole number from 1 to 10,000',
    });
    expect(checked.errors['customer.email']).toBeTruthy();
    expect(checkCreate(emptyDraft()).ok).toBe(false);
    expect(checkPatch(fullDraft()).ok).toBe(true);
  });

  it('edits a saved draft as it was saved, in its order, and previews what the client will see', () => {
    const saved: Quote = {
      id: 'a3c1f6e0-0000-4000-8000-000000000001',
      number: 'Q-2026-0007',
      version: 1,
      status: 'draft',
      title: 'Office network',
      customer: { name: 'Dana Client', email: 'dana@example.com', company: 'Acme' },
      customerUserId: null,
      lines: [
        {
          id: 'l2',
          position: 2,
          kind: 'service',
          productId: null,
          description: 'Installation',
          quantity: 3,
          unitPrice: '50.00',
          taxable: false,
          interval: null,
          lineTotal: '150.00',
        },
        {
          id: 'l1',
          position: 1,
          kind: 'product',
          productId: PRODUCT.id,
          description: PRODUCT.name,
          quantity: 2,
          unitPrice: '100.00',
          taxable: true,
          interval: null,
          lineTotal: '200.00',
        },
      ],
      totals: {
        oneTimeSubtotal: '350.00',
        tax: '17.00',
        oneTimeTotal: '367.00',
        deposit: '0.00',
        recurringMonthly: '0.00',
      },
      depositPercent: 0,
      validUntil: '2026-12-31',
      terms: 'Net 30',
      notes: 'internal only',
      sentAt: null,
      acceptedAt: null,
      signatureName: null,
      paidAt: null,
      convertedAt: null,
      replacedByUrl: null,
      projectId: null,
      clientUserId: null,
      order: null,
      plan: null,
      publicUrl: '/quotes/abcdefghijklmnopqrstuv',
      source: null,
      createdAt: '2026-11-26T12:00:00Z',
      updatedAt: '2026-11-26T12:00:00Z',
    };
    const draft = draftFromQuote(saved);
    expect(draft.lines.map((l) => l.kind)).toEqual(['product', 'service']);
    expect(draft.customer).toEqual({ kind: 'new', name: 'Dana Client', email: 'dana@example.com', company: 'Acme' });
    const preview = previewQuote(draft, saved);
    expect(preview.totals).toEqual(saved.totals);
    expect(preview.lines.map((l) => l.lineTotal)).toEqual(['200.00', '150.00']);
    expect(preview).toMatchObject({ number: 'Q-2026-0007', terms: 'Net 30' });
    expect(JSON.stringify(preview)).not.toContain('internal only');
  });
});
