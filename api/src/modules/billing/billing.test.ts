import type { Response } from 'superagent';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../logger';
import { demoCards } from '../../test/commerce-factories';
import { roomyRateLimits } from '../../test/config';
import { buildUser, logIn, uniqueName } from '../../test/factories';
import { eventuallyRows, quickMail } from '../../test/mail';
import { clientWithPaidOrder, loggedInClient } from '../../test/order-factories';
import { overlappingText, pdfText, pdfTextBoxes } from '../../test/pdf-text';
import { SmtpSink } from '../../test/smtp-sink';
import { seededPlan } from '../../test/subscription-factories';
import { setupTestApp } from '../../test/test-app';
import { applyConsultationPayment } from '../consultation/consultation.service';
import { startMailWorker } from '../mail/mail-worker';
import { createSmtpTransport } from '../mail/smtp-transport';
import { advanceDemoSubscriptions } from '../subscriptions/demo-subscription-payments';
import { mailAttachmentSources } from './billing.service';
import { issueCreditNote } from './credit-notes';
import { formatCreditNoteNumber } from './document-numbers';
import { issueInvoice, type InvoiceRow } from './invoices';

const t = setupTestApp({ rateLimits: roomyRateLimits });
const quiet = createLogger('silent');
const DAY = 24 * 60 * 60 * 1000;
const year = new Date().getUTCFullYear();

/** supertest reads a PDF answer as bytes. */
function binary(res: Response, done: (err: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  const stream = res as unknown as NodeJS.ReadableStream;
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
}

type Agent = ReturnType<typeof t.agent>;

async function pdfOf(agent: Agent, url: string) {
  const res = await agent.get(url).buffer(true).parse(binary);
  expect(res.status, url).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  const pdf = res.body as Buffer;
  expect(overlappingText(await pdfTextBoxes(pdf))).toEqual([]);
  return { ...(await pdfText(pdf)), disposition: res.headers['content-disposition'] as string };
}

async function staffAgent(staffRole: 'admin' | 'support' | 'sales' | 'fulfilment' = 'admin') {
  const agent = t.agent();
  const built = await buildUser(t.db, { accountType: 'staff' });
  await t.db('users').where({ id: built.user.id }).update({ staffRole });
  await logIn(agent, built);
  return agent;
}

const invoicesOf = (userId: string) => t.db('invoices').where({ userId }).orderBy('sequence');

/** Pays the $199 consultation with the demo card, as the booking page does. */
async function paidConsultation() {
  const client = await loggedInClient(t);
  const res = await client.agent
    .post('/api/create-payment-intent')
    .send({ amount: 19900, description: 'Technical Consultation - 1 Hour' });
  expect(res.status).toBe(201);
  const paid = await client.agent
    .post('/api/demo-payments/confirm')
    .send({ clientSecret: res.body.clientSecret, card: demoCards.succeeds });
  expect(paid.status).toBe(200);
  return { ...client, paymentId: (res.body.clientSecret as string).split('_secret_')[0]! };
}

describe('an invoice for every charge', () => {
  it('the consultation: one invoice per payment however often it is reported, in Billing, mailed with its PDF', async () => {
    const { agent, user, paymentId } = await paidConsultation();
    const outcome = {
      provider: 'demo' as const,
      paymentId,
      status: 'succeeded' as const,
      amountCents: 19900,
      currency: 'usd',
      metadata: { purpose: 'consultation', user_id: user.id },
    };
    await t.db.transaction((trx) => applyConsultationPayment(trx, outcome, quiet, { staffAlertEmails: [] }));
    const invoices = await invoicesOf(user.id);
    expect(invoices).toHaveLength(1);
    const [invoice] = invoices;
    expect(invoice).toMatchObject({ source: 'consultation', sourceId: paymentId, orderId: null, total: '199.00' });

    const list = await agent.get('/api/invoices');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      {
        id: invoice.id,
        number: invoice.number,
        kind: 'invoice',
        source: 'consultation',
        description: 'Technical Consultation - 1 Hour',
        total: '199.00',
        status: 'paid',
        invoiceNumber: null,
        issuedAt: new Date(invoice.issuedAt).toISOString(),
        pdfUrl: `/api/invoices/${invoice.id}/pdf`,
      },
    ]);
    const { text, info, disposition } = await pdfOf(agent, list.body[0].pdfUrl);
    expect(disposition).toBe(`attachment; filename="invoice-${invoice.number}.pdf"`);
    expect(info.Title).toBe(`Invoice ${invoice.number}`);
    expect(text).toContain(`Invoice number: ${invoice.number}`);
    expect(text).toContain(user.email!);
    expect(text).toMatch(/Technical Consultation - 1 Hour 1 \$199\.00 \$199\.00/);
    expect(text).toMatch(/Total \(USD\) \$199\.00 Amount paid \$199\.00 Balance due \$0\.00/);
    expect(text).not.toContain('Ship to');
    expect(text).toContain(`payment reference ${paymentId}`);

    const [mail] = await t.db('mails').where({ idempotencyKey: `consultation-booked:${paymentId}` });
    expect(mail.data.invoiceNumber).toBe(invoice.number);
    expect(await t.db('mail_attachments').where({ mailId: mail.id })).toEqual([
      expect.objectContaining({ filename: `invoice-${invoice.number}.pdf`, source: `invoice:${invoice.id}` }),
    ]);
  });

  it('a subscription: the first payment and every demo renewal, one invoice each, mailed with it', async () => {
    const { agent, user } = await loggedInClient(t);
    const plan = await seededPlan(t.db, 'Essentials');
    const res = await agent.post('/api/create-subscription').send({ planId: plan.id });
    const paid = await agent
      .post('/api/demo-payments/confirm')
      .send({ clientSecret: res.body.clientSecret, card: demoCards.succeeds });
    expect(paid.status).toBe(200);
    const [first] = await invoicesOf(user.id);
    expect(first).toMatchObject({ source: 'subscription', total: plan.price });
    expect(first.sourceId).toMatch(/^subscription-started:/);

    const [row] = await t.db('subscriptions').where({ userId: user.id });
    const later = new Date(new Date(row.currentPeriodEnd).getTime() + DAY);
    await advanceDemoSubscriptions(t.db, quiet, later);
    await advanceDemoSubscriptions(t.db, quiet, later);
    const invoices = await invoicesOf(user.id);
    expect(invoices).toHaveLength(2);
    expect(invoices[1]).toMatchObject({ source: 'subscription', total: plan.price });
    expect(invoices[1].sourceId).toMatch(/^subscription-renewed:/);
    expect(invoices[1].sequence).toBeGreaterThan(first.sequence);

    const list = (await agent.get('/api/invoices')).body;
    expect(list.map((doc: { number: string }) => doc.number)).toEqual([invoices[1].number, first.number]);
    expect(list[0].description).toMatch(/^Essentials plan, /);
    const { text } = await pdfOf(agent, list[0].pdfUrl);
    expect(text).toContain('Plan: Essentials');
    expect(text).toContain(`Total (USD) $${Number(plan.price).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);

    for (const invoice of invoices) {
      const [mail] = await t.db('mails').where({ idempotencyKey: invoice.sourceId });
      expect(mail.template).toBe(invoice.id === first.id ? 'subscription-started' : 'subscription-renewed');
      expect(await t.db('mail_attachments').where({ mailId: mail.id }).pluck('source')).toEqual([
        `invoice:${invoice.id}`,
      ]);
    }
  });

  it('a shop order: its invoice is listed, named by the order’s number', async () => {
    const order = await clientWithPaidOrder(t);
    const { number } = await t.db('orders').where({ id: order.orderId }).first();
    const list = (await order.agent.get('/api/invoices')).body;
    expect(list).toEqual([
      expect.objectContaining({ source: 'order', kind: 'invoice', description: `Order NS-${number}` }),
    ]);
  });

  it('one invoice per charge when it is reported many times at once; consecutive numbers with no gaps', async () => {
    const { user } = await loggedInClient(t);
    const charge = (sourceId: string) => ({
      source: 'quote_deposit' as const,
      sourceId,
      userId: user.id,
      issuedAt: new Date(),
      content: {
        reference: { label: 'Quote', value: sourceId },
        description: `Deposit for quote ${sourceId}`,
        customer: { name: 'Test', email: null },
        shipping: null,
        lines: [{ name: 'Deposit', quantity: 1, unitPrice: '50.00', lineTotal: '50.00' }],
        subtotal: '50.00',
        tax: null,
        total: '50.00',
        payment: { provider: 'demo' as const, id: null },
      },
    });
    const key = uniqueName('quote');
    const same = await Promise.all(
      Array.from({ length: 8 }, () => t.db.transaction((trx) => issueInvoice(trx, charge(key)))),
    );
    expect(new Set(same.map((invoice) => invoice.id)).size).toBe(1);

    const before = (await t.db('invoice_counters').where({ year }).first())?.lastNumber ?? 0;
    const keys = Array.from({ length: 20 }, () => uniqueName('quote'));
    const failing = Array.from({ length: 5 }, () =>
      t.db
        .transaction(async (trx) => {
          await issueInvoice(trx, charge(uniqueName('quote')));
          throw new Error('the deposit failed after its invoice was numbered');
        })
        .catch(() => 'rolled back'),
    );
    await Promise.all([...failing, ...keys.map((k) => t.db.transaction((trx) => issueInvoice(trx, charge(k))))]);
    const sequences = (await t.db('invoices').whereIn('sourceId', keys).pluck('sequence')).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: 20 }, (_, i) => before + i + 1));
  }, 60_000);
});

/** A paid order of $108.50 (one $100.00 line and its tax), refunded by staff. */
async function refunded(body: object) {
  const order = await clientWithPaidOrder(t);
  const staff = await staffAgent();
  const res = await staff.post(`/api/admin/orders/${order.orderId}/refunds`).send(body);
  expect(res.status).toBe(201);
  const invoice: InvoiceRow = await t.db('invoices').where({ orderId: order.orderId }).first();
  return { order, staff, invoice, refundId: res.body.refund.id as string };
}

describe('a credit note for every refund', () => {
  it('is numbered CN-<year>-<four digits>, names the invoice, and shows in Billing; the invoice stays as issued', async () => {
    const { order, invoice, refundId } = await refunded({ amount: '25.00' });
    const [note] = await t.db('credit_notes').where({ invoiceId: invoice.id });
    expect(note).toMatchObject({ sourceId: `refund:${refundId}`, userId: order.user.id, total: '25.00' });
    expect(note.number).toBe(formatCreditNoteNumber(year, note.sequence));
    expect(note.number).toMatch(new RegExp(`^CN-${year}-\\d{4}$`));

    const list = (await order.agent.get('/api/invoices')).body;
    expect(list.map((doc: { kind: string; status: string }) => [doc.kind, doc.status])).toEqual([
      ['credit_note', 'credited'],
      ['invoice', 'partly_refunded'],
    ]);
    expect(list[0]).toMatchObject({
      number: note.number,
      invoiceNumber: invoice.number,
      total: '25.00',
      source: 'order',
    });

    const { text, disposition } = await pdfOf(order.agent, list[0].pdfUrl);
    expect(disposition).toBe(`attachment; filename="credit-note-${note.number}.pdf"`);
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(`Credit note number: ${note.number}`);
    expect(text).toContain(`Credits invoice: ${invoice.number}`);
    expect(text).toMatch(new RegExp(`Refund of invoice ${invoice.number} 1 \\$25\\.00 \\$25\\.00`));
    expect(text).toMatch(/Total credited \(USD\) \$25\.00/);
    expect(text).not.toContain('Balance due');
    // The invoice as it was issued: paid in full on its date; the credit note corrects it.
    expect((await pdfOf(order.agent, list[1].pdfUrl)).text).toMatch(/Total \(USD\) \$108\.50 Amount paid \$108\.50/);
  });

  it('lists refunded lines with their tax; a refund in full makes the invoice refunded', async () => {
    const order = await clientWithPaidOrder(t, [{ price: '40.00', quantity: 2, name: 'Patch Cable Cat6' }]);
    const staff = await staffAgent();
    const item = await t.db('order_items').where({ orderId: order.orderId }).first();
    const res = await staff
      .post(`/api/admin/orders/${order.orderId}/refunds`)
      .send({ items: [{ orderItemId: item.id, quantity: 2 }] });
    expect(res.status).toBe(201);
    const list = (await order.agent.get('/api/invoices')).body;
    expect(list.map((doc: { status: string }) => doc.status)).toEqual(['credited', 'refunded']);
    const { text } = await pdfOf(order.agent, list[0].pdfUrl);
    expect(text).toMatch(/Patch Cable Cat6 2 \$40\.00 \$80\.00/);
    expect(text).toMatch(/State Tax \(8\.5% of the subtotal\) \$6\.80/);
    expect(text).toMatch(/Total credited \(USD\) \$86\.80/);
  });

  it('is one per refund however often it is settled, and numbered without gaps when many are issued at once', async () => {
    const { invoice, refundId } = await refunded({ amount: '5.00' });
    const again = {
      invoice,
      sourceId: `refund:${refundId}`,
      issuedAt: new Date(),
      lines: [],
      tax: null,
      total: '5.00',
    };
    await Promise.all([1, 2, 3].map(() => t.db.transaction((trx) => issueCreditNote(trx, again))));
    expect(await t.db('credit_notes').where({ invoiceId: invoice.id })).toHaveLength(1);

    const before = (await t.db('credit_note_counters').where({ year }).first()).lastNumber as number;
    const keys = Array.from({ length: 15 }, () => `refund:${uniqueName('test')}`);
    const credit = (sourceId: string) => ({ ...again, sourceId, total: '1.00' });
    const failing = Array.from({ length: 5 }, () =>
      t.db
        .transaction(async (trx) => {
          await issueCreditNote(trx, credit(`refund:${uniqueName('failed')}`));
          throw new Error('the refund failed after its credit note was numbered');
        })
        .catch(() => 'rolled back'),
    );
    await Promise.all([...failing, ...keys.map((key) => t.db.transaction((trx) => issueCreditNote(trx, credit(key))))]);
    const notes = await t.db('credit_notes').whereIn('sourceId', keys);
    expect(notes.map((note) => note.sequence as number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 15 }, (_, i) => before + i + 1),
    );
    expect(new Set(notes.map((note) => note.number)).size).toBe(15);
  }, 60_000);

  it('is mailed to the buyer with the refund email, its PDF attached', async () => {
    const { order, refundId } = await refunded({ amount: '8.50' });
    const note = await t
      .db('credit_notes')
      .where({ sourceId: `refund:${refundId}` })
      .first();
    const key = `order-refund:${refundId}`;
    const refundMail = await t.db('mails').where({ idempotencyKey: key }).first();
    await t.db('mails').whereNot({ id: refundMail.id }).where({ status: 'queued' }).update({ status: 'kept' });
    const sink = await SmtpSink.start();
    const worker = startMailWorker(t.deps, {
      ...quickMail,
      transport: createSmtpTransport(sink.url, { maxConnections: 1, timeoutMs: 5_000 }),
      attachmentSources: mailAttachmentSources,
    });
    try {
      await eventuallyRows(t.db, key, (rows) => rows[0]?.status === 'sent');
    } finally {
      await worker.stop();
      await sink.stop();
    }
    const [mail] = sink.to(order.user.email!);
    const { number } = await t.db('orders').where({ id: order.orderId }).first();
    expect(mail!.parsed.subject).toBe(`Refund of $8.50 for your order NS-${number}`);
    expect(mail!.parsed.text).toContain(note.number);
    const [file] = mail!.parsed.attachments;
    expect(file).toMatchObject({ filename: `credit-note-${note.number}.pdf`, contentType: 'application/pdf' });
    const { text } = await pdfText(file!.content);
    expect(text).toContain(`Credit note number: ${note.number}`);
    expect(text).toMatch(/Total credited \(USD\) \$8\.50/);
  });
});

describe('who sees which documents', () => {
  it('a client sees only their own: 401 for visitors, 404 for another client’s invoice or credit note', async () => {
    const { order, invoice } = await refunded({ amount: '3.00' });
    const note = await t.db('credit_notes').where({ invoiceId: invoice.id }).first();
    expect((await t.request().get('/api/invoices')).status).toBe(401);
    expect((await t.request().get(`/api/invoices/${invoice.id}/pdf`)).status).toBe(401);
    const other = await loggedInClient(t);
    expect((await other.agent.get('/api/invoices')).body).toEqual([]);
    for (const id of [invoice.id, note.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await other.agent.get(`/api/invoices/${id}/pdf`);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ message: 'Invoice not found' });
    }
    expect((await order.agent.get(`/api/invoices/${note.id}/pdf`)).status).toBe(200);
    expect((await order.agent.get(`/api/admin/invoices/${invoice.id}/pdf`)).status).toBe(403);
    expect((await order.agent.get(`/api/admin/customers/${order.user.id}/invoices`)).status).toBe(403);
  });

  it('staff who may read orders see a customer’s documents and download any of them', async () => {
    const { order, invoice } = await refunded({ amount: '4.00' });
    const staff = await staffAgent('support');
    const res = await staff.get(`/api/admin/customers/${order.user.id}/invoices`);
    expect(res.status).toBe(200);
    expect(res.body.map((doc: { kind: string }) => doc.kind)).toEqual(['credit_note', 'invoice']);
    expect(res.body[1]).toMatchObject({ id: invoice.id, pdfUrl: `/api/admin/invoices/${invoice.id}/pdf` });
    for (const doc of res.body) expect((await pdfOf(staff, doc.pdfUrl)).text).toContain(doc.number);
    expect((await staff.get('/api/admin/invoices/00000000-0000-4000-8000-000000000000/pdf')).status).toBe(404);
    expect((await staff.get('/api/admin/customers/00000000-0000-4000-8000-000000000000/invoices')).status).toBe(404);
    expect((await staff.get('/api/admin/customers/nope/invoices')).status).toBe(404);
  });
});
