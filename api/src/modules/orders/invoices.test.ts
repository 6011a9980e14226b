import type { Response } from 'superagent';
import { describe, expect, it } from 'vitest';
import { roomyRateLimits } from '../../test/config';
import { buildUser, logIn } from '../../test/factories';
import {
  clientWithPaidOrder,
  clientWithPendingOrder,
  loggedInClient,
  payWithDemoCard,
  pendingOrderOf,
} from '../../test/order-factories';
import { pdfText } from '../../test/pdf-text';
import { eventuallyRows, quickMail } from '../../test/mail';
import { SmtpSink } from '../../test/smtp-sink';
import { setupTestApp } from '../../test/test-app';
import { startMailWorker } from '../mail/mail-worker';
import { createSmtpTransport } from '../mail/smtp-transport';
import { mailAttachmentSources } from '../billing/billing.service';
import { formatInvoiceNumber } from '../billing/document-numbers';
import { issueInvoice } from './invoices';

const t = setupTestApp({ rateLimits: roomyRateLimits });

/** supertest reads a PDF answer as bytes. */
function binary(res: Response, done: (err: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  const stream = res as unknown as NodeJS.ReadableStream;
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
}

async function staffAgent() {
  const agent = t.agent();
  await logIn(agent, await buildUser(t.db, { accountType: 'staff' }));
  return agent;
}

const year = new Date().getUTCFullYear();

describe('invoice numbers', () => {
  it('are "<year>-<six digits>"', () => {
    expect(formatInvoiceNumber(2026, 123)).toBe('2026-000123');
    expect(formatInvoiceNumber(2027, 1_234_567)).toBe('2027-1234567');
  });

  it('have no gaps and no duplicates under 50 concurrent payments, while other payments roll back', async () => {
    const before = (await t.db('invoice_counters').where({ year }).first())?.lastNumber ?? 0;
    // Five clients with twelve orders each (hashing sixty passwords would only make the test slow).
    const clients = await Promise.all(Array.from({ length: 5 }, () => loggedInClient(t)));
    const orders = [];
    for (const client of clients) for (let i = 0; i < 12; i += 1) orders.push(await pendingOrderOf(t, client));
    const paying = orders.slice(0, 50);
    const failing = orders.slice(50);
    const rolledBack = failing.map((order) =>
      t.db
        .transaction(async (trx) => {
          await issueInvoice(trx, order.orderId, new Date());
          throw new Error('the payment failed after its invoice was numbered');
        })
        .then(
          () => 'committed',
          () => 'rolled back',
        ),
    );
    const [outcomes] = await Promise.all([Promise.all(rolledBack), Promise.all(paying.map(payWithDemoCard))]);
    expect(outcomes).toEqual(Array(10).fill('rolled back'));

    const invoices = await t.db('invoices').whereIn(
      'orderId',
      paying.map((order) => order.orderId),
    );
    expect(invoices).toHaveLength(50);
    const sequences = invoices.map((invoice) => invoice.sequence as number).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: 50 }, (_, i) => before + i + 1));
    expect(new Set(invoices.map((invoice) => invoice.number)).size).toBe(50);
    for (const invoice of invoices) {
      expect(invoice.number).toBe(formatInvoiceNumber(year, invoice.sequence));
    }
    expect(
      await t.db('invoices').whereIn(
        'orderId',
        failing.map((order) => order.orderId),
      ),
    ).toEqual([]);
    expect((await t.db('invoice_counters').where({ year }).first()).lastNumber).toBe(before + 50);
  }, 120_000);

  it('are issued once per order, whatever reports the payment again', async () => {
    const order = await clientWithPaidOrder(t);
    const first = await t.db('invoices').where({ orderId: order.orderId });
    const again = await t.db.transaction((trx) => issueInvoice(trx, order.orderId, new Date()));
    expect(again.number).toBe(first[0].number);
    expect(await t.db('invoices').where({ orderId: order.orderId })).toHaveLength(1);
  });
});

describe('GET /api/orders/{id}/invoice.pdf', () => {
  it('gives the owner a PDF with the company, customer, lines, tax, total and paid date', async () => {
    const order = await clientWithPaidOrder(t, [
      { price: '19.99', quantity: 3, name: 'Managed Switch 24-Port Ünïcode' },
      { price: '1299.00', quantity: 1, name: 'Firewall Appliance FX-200' },
    ]);
    const res = await order.agent.get(`/api/orders/${order.orderId}/invoice.pdf`).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const invoice = await t.db('invoices').where({ orderId: order.orderId }).first();
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoice-${invoice.number}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const pdf = res.body as Buffer;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    const { text, info } = await pdfText(pdf);
    expect(info.Title).toBe(`Invoice ${invoice.number}`);
    expect(text).toContain('INVOICE');
    expect(text).toContain(`Invoice number: ${invoice.number}`);
    const { number } = await t.db('orders').where({ id: order.orderId }).first();
    expect(text).toContain(`Order: NS-${number}`);
    // The seller, from shared/src/site/company.ts.
    expect(text).toContain('Northstar IT Solutions, LLC');
    expect(text).toContain('800 Washington Avenue North, Suite 400');
    expect(text).toContain('Minneapolis, MN 55401');
    expect(text).toContain('billing@example.com');
    // The customer and where it ships.
    expect(text).toContain(order.user.email!);
    expect(text).toContain('Ada Lovelace');
    // Lines (a name with accents prints as typed), tax and totals: 59.97 + 1299.00 = 1358.97; 8.5 % → 115.51.
    expect(text).toMatch(/Managed Switch 24-Port Ünïcode 3 \$19\.99 \$59\.97/);
    expect(text).toMatch(/Firewall Appliance FX-200 1 \$1,299\.00 \$1,299\.00/);
    expect(text).toMatch(/Subtotal \$1,358\.97/);
    expect(text).toMatch(/State Tax \(8\.5% of the subtotal\) \$115\.51/);
    expect(text).toMatch(/Total \(USD\) \$1,474\.48/);
    expect(text).toMatch(/Balance due \$0\.00/);
    const paidOn = new Date(invoice.issuedAt).toLocaleDateString('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'America/Chicago',
    });
    expect(text).toContain(`Paid in full on ${paidOn} by card (demo payments)`);
  });

  it('gives staff any paid order’s invoice', async () => {
    const order = await clientWithPaidOrder(t);
    const staff = await staffAgent();
    const res = await staff.get(`/api/orders/${order.orderId}/invoice.pdf`).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect((await pdfText(res.body as Buffer)).text).toContain('Total (USD) $108.50');
  });

  it('is 401 for visitors and 404 for another client, an unknown order or a malformed id', async () => {
    const order = await clientWithPaidOrder(t);
    const path = `/api/orders/${order.orderId}/invoice.pdf`;
    expect((await t.request().get(path)).status).toBe(401);
    const other = await clientWithPaidOrder(t);
    const res = await other.agent.get(path);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Order not found' });
    expect((await other.agent.get('/api/orders/00000000-0000-4000-8000-000000000000/invoice.pdf')).status).toBe(404);
    expect((await other.agent.get('/api/orders/nope/invoice.pdf')).status).toBe(404);
  });

  it('is 409 with a reason for an order that is not paid, for its owner and for staff', async () => {
    const order = await clientWithPendingOrder(t);
    const res = await order.agent.get(`/api/orders/${order.orderId}/invoice.pdf`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      message: 'This order has no invoice yet: an invoice is issued when the order is paid.',
    });
    expect((await (await staffAgent()).get(`/api/orders/${order.orderId}/invoice.pdf`)).status).toBe(409);
  });

  it('shows the invoice number on the owner’s order', async () => {
    const order = await clientWithPaidOrder(t);
    const invoice = await t.db('invoices').where({ orderId: order.orderId }).first();
    expect((await order.agent.get(`/api/orders/${order.orderId}`)).body.invoiceNumber).toBe(invoice.number);
    const pending = await clientWithPendingOrder(t);
    expect((await pending.agent.get(`/api/orders/${pending.orderId}`)).body.invoiceNumber).toBeNull();
  });
});

describe('the receipt email', () => {
  it('names the invoice and carries its PDF, made by the mail worker when it sends the receipt', async () => {
    const order = await clientWithPaidOrder(t);
    const invoice = await t.db('invoices').where({ orderId: order.orderId }).first();
    const receipt = await t
      .db('mails')
      .where({ idempotencyKey: `order-receipt:${order.orderId}` })
      .first();
    expect(receipt.data.invoiceNumber).toBe(invoice.number);
    // Written with the payment: the file's name and source; the PDF is drawn later, outside the payment.
    const [written] = await t.db('mail_attachments').where({ mailId: receipt.id });
    expect(written).toMatchObject({
      filename: `invoice-${invoice.number}.pdf`,
      contentType: 'application/pdf',
      source: `invoice:${invoice.id}`,
      content: null,
    });

    // Only this receipt is sent here: the earlier tests' mails are set aside.
    await t.db('mails').whereNot({ id: receipt.id }).where({ status: 'queued' }).update({ status: 'kept' });
    const sink = await SmtpSink.start();
    const worker = startMailWorker(t.deps, {
      ...quickMail,
      transport: createSmtpTransport(sink.url, { maxConnections: 1, timeoutMs: 5_000 }),
      attachmentSources: mailAttachmentSources,
    });
    try {
      await eventuallyRows(t.db, `order-receipt:${order.orderId}`, (rows) => rows[0]?.status === 'sent');
    } finally {
      await worker.stop();
      await sink.stop();
    }
    const [mail] = sink.to(order.user.email!);
    const [file] = mail!.parsed.attachments;
    expect(file).toMatchObject({ filename: `invoice-${invoice.number}.pdf`, contentType: 'application/pdf' });
    const { text } = await pdfText(file!.content);
    expect(text).toContain(`Invoice number: ${invoice.number}`);
    expect(text).toContain('Total (USD) $108.50');
    // Kept with the mail: staff download the same file from the outbox.
    const [kept] = await t.db('mail_attachments').where({ mailId: receipt.id });
    expect(Buffer.compare(kept.content, file!.content)).toBe(0);
    expect(kept.size).toBe(file!.content.length);
  });
});
