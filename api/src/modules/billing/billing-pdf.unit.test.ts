import { describe, expect, it } from 'vitest';
import { overlappingText, pdfText, pdfTextBoxes } from '../../test/pdf-text';
import { renderBillingPdf, type BillingDocument } from './billing-pdf';

const invoice: BillingDocument = {
  kind: 'invoice',
  number: '2026-000123',
  issuedAt: new Date('2026-09-30T15:00:00Z'),
  reference: { label: 'Order', value: 'NS-10427' },
  description: 'Order NS-10427',
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
    const boxes = await pdfTextBoxes(await renderBillingPdf(invoice));
    expect(boxes.map((box) => box.text).join(' ')).toContain('Invoice number');
    expect(overlappingText(boxes)).toEqual([]);
  });

  it('puts each header fact on the same line as its label, to its right', async () => {
    const boxes = await pdfTextBoxes(await renderBillingPdf(invoice));
    const find = (text: string) => boxes.find((box) => box.text.includes(text))!;
    for (const [label, value] of [
      ['Invoice number', invoice.number],
      ['Order', 'NS-10427'],
    ] as const) {
      const labelBox = find(label);
      const valueBox = find(value);
      expect(Math.abs(labelBox.bottom - valueBox.bottom), label).toBeLessThan(2);
      expect(valueBox.left, label).toBeGreaterThanOrEqual(labelBox.right);
    }
  });
});

/** A credit note of part of that invoice: two access points and their tax given back. */
const creditNote: BillingDocument = {
  ...invoice,
  kind: 'credit_note',
  number: 'CN-2026-0007',
  issuedAt: new Date('2026-10-04T15:00:00Z'),
  description: 'Refund: Order NS-10427',
  lines: [{ name: 'Wi-Fi 7 Access Point', quantity: 2, unitPrice: '349.99', lineTotal: '699.98' }],
  subtotal: '699.98',
  tax: '59.50',
  total: '759.48',
  invoice: { number: '2026-000123', issuedAt: new Date('2026-09-30T15:00:00Z') },
};

describe('the credit note PDF (the invoice layout)', () => {
  it('names itself and the invoice it corrects, with what it gives back, and prints no text over text', async () => {
    const pdf = await renderBillingPdf(creditNote);
    const { text, info } = await pdfText(pdf);
    expect(info.Title).toBe('Credit note CN-2026-0007');
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain('Credit note number: CN-2026-0007');
    expect(text).toContain('Credits invoice: 2026-000123');
    expect(text).toContain('Order: NS-10427');
    expect(text).toMatch(/Wi-Fi 7 Access Point 2 \$349\.99 \$699\.98/);
    expect(text).toMatch(/Total credited \(USD\) \$759\.48/);
    expect(text).toContain('This credit note corrects invoice 2026-000123 of September 30, 2026: $759.48 was refunded');
    expect(text).not.toContain('Balance due');
    expect(overlappingText(await pdfTextBoxes(pdf))).toEqual([]);
  });

  it('leaves out the shipping address and the tax of a service', async () => {
    const service: BillingDocument = {
      ...invoice,
      reference: null,
      description: 'One-hour technical consultation',
      shipping: null,
      lines: [{ name: 'One-hour technical consultation', quantity: 1, unitPrice: '199.00', lineTotal: '199.00' }],
      subtotal: '199.00',
      tax: null,
      total: '199.00',
    };
    const pdf = await renderBillingPdf(service);
    const { text } = await pdfText(pdf);
    expect(text).not.toContain('Ship to');
    expect(text).not.toContain('State Tax');
    expect(text).toMatch(/Total \(USD\) \$199\.00 Amount paid \$199\.00 Balance due \$0\.00/);
    expect(overlappingText(await pdfTextBoxes(pdf))).toEqual([]);
  });
});
