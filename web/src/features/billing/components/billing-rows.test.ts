import { describe, expect, it } from 'vitest';
import type { BillingDocumentSummary } from '@shared/schemas/billing';
import { toBillingRow } from './billing-rows';

const invoice: BillingDocumentSummary = {
  id: 'a1',
  number: '2026-000042',
  kind: 'invoice',
  source: 'order',
  description: 'Order NS-10001',
  total: '1157.70',
  status: 'partly_refunded',
  invoiceNumber: null,
  issuedAt: '2026-11-20T10:00:00.000Z',
  pdfUrl: '/api/invoices/a1/pdf',
};

describe('a Billing row', () => {
  it('shows an invoice with its number, what it is for, the amount charged and its status', () => {
    expect(toBillingRow(invoice)).toEqual({
      id: 'a1',
      title: 'Invoice 2026-000042',
      number: '2026-000042',
      about: 'Order NS-10001',
      amount: '$1,157.70',
      status: { label: 'Partly refunded', variant: 'warning' },
      issuedAt: '2026-11-20T10:00:00.000Z',
      pdfUrl: '/api/invoices/a1/pdf',
      filename: 'invoice-2026-000042.pdf',
    });
  });

  it('shows a credit note as money given back, naming the invoice it corrects', () => {
    const row = toBillingRow({
      ...invoice,
      id: 'c1',
      kind: 'credit_note',
      number: 'CN-2026-0001',
      description: 'Refund: Order NS-10001',
      total: '205.07',
      status: 'credited',
      invoiceNumber: '2026-000042',
      pdfUrl: '/api/invoices/c1/pdf',
    });
    expect(row).toMatchObject({
      title: 'Credit note CN-2026-0001',
      about: 'Refund: Order NS-10001 (invoice 2026-000042)',
      amount: '−$205.07',
      status: { label: 'Refund', variant: 'default' },
      filename: 'credit-note-CN-2026-0001.pdf',
    });
  });

  it('labels every status', () => {
    for (const status of ['paid', 'refunded'] as const) {
      expect(toBillingRow({ ...invoice, status }).status.label).toBe(status === 'paid' ? 'Paid' : 'Refunded');
    }
  });
});
