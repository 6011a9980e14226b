import { describe, expect, it } from 'vitest';
import { overlappingText, pdfTextBoxes } from '../../test/pdf-text';
import { renderInvoicePdf, type InvoiceDocument } from './invoice-pdf';

const invoice: InvoiceDocument = {
  number: '2026-000123',
  issuedAt: new Date('2026-09-30T15:00:00Z'),
  orderNumber: 'NS-10427',
  customer: { name: 'Ada Lovelace-Byron', email: 'ada.lovelace@analytical-engines.example.com' },
  shipping: {
    fullName: 'Ada Lovelace-Byron',
    address: '1200 Analytical Engine Boulevard, Suite 4100',
    city: 'Springfield',
    state: 'IL',
    zipCode: '62704',
    country: 'United States',
  },
  lines: [
    {
      name: 'Managed Switch 48-port PoE+ with a very long product name',
      quantity: 20,
      unitPrice: '1299.00',
      lineTotal: '25980.00',
    },
    { name: 'Wi-Fi 7 Access Point', quantity: 3, unitPrice: '349.99', lineTotal: '1049.97' },
  ],
  subtotal: '27029.97',
  tax: '2297.55',
  total: '29327.52',
  payment: { provider: 'stripe', id: 'pi_3QxYzAbCdEfGhIjK' },
};

describe('the invoice PDF', () => {
  it('prints no text over other text (the header facts beside their labels, the lines, the totals)', async () => {
    const boxes = await pdfTextBoxes(await renderInvoicePdf(invoice));
    expect(boxes.map((box) => box.text).join(' ')).toContain('Invoice number');
    expect(overlappingText(boxes)).toEqual([]);
  });

  it('puts each header fact on the same line as its label, to its right', async () => {
    const boxes = await pdfTextBoxes(await renderInvoicePdf(invoice));
    const find = (text: string) => boxes.find((box) => box.text.includes(text))!;
    for (const [label, value] of [
      ['Invoice number', invoice.number],
      ['Order', invoice.orderNumber],
    ] as const) {
      const labelBox = find(label);
      const valueBox = find(value);
      expect(Math.abs(labelBox.bottom - valueBox.bottom), label).toBeLessThan(2);
      expect(valueBox.left, label).toBeGreaterThanOrEqual(labelBox.right);
    }
  });
});
