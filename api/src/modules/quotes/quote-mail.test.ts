import type { Client, Notification } from 'pg';
import { describe, expect, it } from 'vitest';
import type { EnquiryDetail } from '@shared/schemas/enquiries';
import type { Quote } from '@shared/schemas/quotes';
import { liveChannels } from '../../live/channels';
import { buildProduct } from '../../test/commerce-factories';
import { roomyRateLimits } from '../../test/config';
import { eventuallyRows, quickMail } from '../../test/mail';
import { overlappingText, pdfText, pdfTextBoxes } from '../../test/pdf-text';
import { daysFromNow, sentQuote, staffAgentOf, tokenOf } from '../../test/quote-factories';
import { SmtpSink } from '../../test/smtp-sink';
import { setupTestApp } from '../../test/test-app';
import { startMailWorker } from '../mail/mail-worker';
import { createSmtpTransport } from '../mail/smtp-transport';
import { expireQuotes } from './quote-expiry';

const t = setupTestApp({
  rateLimits: roomyRateLimits,
  mail: { smtpUrl: null, from: 'noreply@example.com', staffAlertEmails: ['alerts@example.com'] },
});
const sales = () => staffAgentOf(t.db, t.agent(), 'sales');

/** Staff events as PostgreSQL delivers them (LISTEN on the staff channel), until `stop`. */
async function listenToStaffEvents() {
  const client = (await t.db.client.acquireConnection()) as Client;
  const events: { kind: string; id: string }[] = [];
  const onNotification = (message: Notification) => {
    if (message.channel === liveChannels.staff.name && message.payload) events.push(JSON.parse(message.payload));
  };
  client.on('notification', onNotification);
  await client.query(`listen ${liveChannels.staff.name}`);
  return {
    events,
    async stop() {
      await client.query(`unlisten ${liveChannels.staff.name}`);
      client.off('notification', onNotification);
      await t.db.client.releaseConnection(client);
    },
  };
}

describe('sending a quote', () => {
  it('mails the client the link and the PDF through the outbox, and the link works', async () => {
    const product = await buildProduct(t.db, {
      price: '250.00',
      name: `Access point ${crypto.randomUUID().slice(0, 6)}`,
    });
    const staff = await sales();
    const email = `${crypto.randomUUID()}@example.com`;
    const quote = await sentQuote(staff, {
      customer: { name: 'Grace Hopper', email, company: 'Navy Labs' },
      title: 'Warehouse Wi-Fi',
      depositPercent: 50,
      terms: 'Payment within 30 days of completion.',
      lines: [
        { kind: 'product', productId: product.id, quantity: 2 },
        { kind: 'service', description: 'Installation, 6 hours', quantity: 6, unitPrice: '95.00' },
        { kind: 'recurring', description: 'Managed Wi-Fi', quantity: 1, unitPrice: '149.00', interval: 'month' },
      ],
    });
    const sink = await SmtpSink.start();
    const worker = startMailWorker(
      { ...t.deps, config: { ...t.deps.config, mail: { ...t.deps.config.mail, smtpUrl: sink.url } } },
      { ...quickMail, transport: createSmtpTransport(sink.url, { maxConnections: 1, timeoutMs: 5_000 }) },
    );
    try {
      await eventuallyRows(t.db, `quote-sent:${quote.id}`, (rows) => rows[0]?.status === 'sent');
    } finally {
      await worker.stop();
      await sink.stop();
    }
    const [mail] = sink.to(email);
    expect(mail!.parsed.subject).toContain(quote.number);
    const link = /https?:\/\/[^\s"<>]+\/quotes\/[A-Za-z0-9_-]{43}/.exec(mail!.parsed.text ?? '')?.[0];
    expect(link).toBe(quote.publicUrl);
    const [file] = mail!.parsed.attachments;
    expect(file).toMatchObject({ filename: `quote-${quote.number}.pdf`, contentType: 'application/pdf' });
    const { text } = await pdfText(file!.content);
    // By hand: 2 × 250 + 6 × 95 = 1,070.00; tax 8.5 % of 500 = 42.50; total 1,112.50; deposit 50 % = 556.25.
    for (const expected of [
      `Quote number: ${quote.number}`,
      'Grace Hopper',
      'Navy Labs',
      'Warehouse Wi-Fi',
      'One-time',
      'Monthly',
      'Total (USD) $1,112.50',
      '$42.50',
      'Deposit due on acceptance (50%) $556.25',
      'Per month (USD) $149.00',
      'Payment within 30 days of completion.',
    ]) {
      expect(text).toContain(expected);
    }
    expect(overlappingText(await pdfTextBoxes(file!.content))).toEqual([]);
    // The token is a mail secret: kept out of the stored mail once delivered.
    const [row] = await t.db('mails').where({ idempotencyKey: `quote-sent:${quote.id}` });
    expect(JSON.stringify(row)).not.toContain(tokenOf(quote));

    const page = await t.request().get(new URL(link!).pathname.replace('/quotes/', '/api/quotes/'));
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ number: quote.number, title: 'Warehouse Wi-Fi', status: 'viewed' });
  });

  it('prints the signature block once accepted', async () => {
    const staff = await sales();
    const quote = await sentQuote(staff);
    await t
      .request()
      .post(`/api/quotes/${tokenOf(quote)}/accept`)
      .send({ signatureName: 'Ada King Lovelace', agree: true });
    const res = await staff
      .get(`/api/admin/quotes/${quote.id}/pdf`)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });
    const { text } = await pdfText(res.body as Buffer);
    expect(text).toContain('Accepted online by Ada King Lovelace');
    const pub = await t.request().get(`/api/quotes/${tokenOf(quote)}/pdf`);
    expect(pub.status).toBe(200);
  });
});

describe('staff hear about the client', () => {
  it('publishes quote.viewed on the first view only, then quote.accepted', async () => {
    const staff = await sales();
    const quote = await sentQuote(staff);
    const listener = await listenToStaffEvents();
    try {
      await t.request().get(`/api/quotes/${tokenOf(quote)}`);
      await t.request().get(`/api/quotes/${tokenOf(quote)}`);
      await t
        .request()
        .post(`/api/quotes/${tokenOf(quote)}/accept`)
        .send({ signatureName: 'Ada Lovelace', agree: true });
      await expect
        .poll(() => listener.events.filter((e) => e.id === quote.id))
        .toEqual([
          { kind: 'quote.viewed', id: quote.id },
          { kind: 'quote.accepted', id: quote.id },
        ]);
    } finally {
      await listener.stop();
    }
  });
});

describe('expiry', () => {
  it('marks open quotes past their last valid day expired, once, and leaves the rest', async () => {
    const staff = await sales();
    const open = await sentQuote(staff);
    const viewed = await sentQuote(staff);
    await t.request().get(`/api/quotes/${tokenOf(viewed)}`);
    const accepted = await sentQuote(staff);
    await t
      .request()
      .post(`/api/quotes/${tokenOf(accepted)}/accept`)
      .send({ signatureName: 'Ada Lovelace', agree: true });
    const current = await sentQuote(staff, { validUntil: daysFromNow(10) });
    const past = daysFromNow(-3);
    await t.db('quotes').whereIn('id', [open.id, viewed.id, accepted.id]).update({ validUntil: past });

    expect(await expireQuotes(t.db)).toBe(2);
    expect(await expireQuotes(t.db)).toBe(0);
    const statuses = Object.fromEntries(
      (await t.db('quotes').whereIn('id', [open.id, viewed.id, accepted.id, current.id]).select('id', 'status')).map(
        (r: { id: string; status: string }) => [r.id, r.status],
      ),
    );
    expect(statuses).toEqual({
      [open.id]: 'expired',
      [viewed.id]: 'expired',
      [accepted.id]: 'accepted',
      [current.id]: 'sent',
    });
    expect(await t.db('quote_events').where({ quoteId: open.id, type: 'expired' })).toHaveLength(1);
    const late = await t
      .request()
      .post(`/api/quotes/${tokenOf(open)}/accept`)
      .send({ signatureName: 'Ada', agree: true });
    expect(late.status).toBe(409);
    expect(late.body.message).toContain('is expired');
    const listed = await staff.get('/api/admin/quotes').query({ status: 'expired', limit: 100 });
    expect(listed.body.quotes.map((q: Quote) => q.id)).toEqual(expect.arrayContaining([open.id, viewed.id]));
  });

  it('refuses an accept past the last valid day even before the task runs', async () => {
    const staff = await sales();
    const quote = await sentQuote(staff);
    await t
      .db('quotes')
      .where({ id: quote.id })
      .update({ validUntil: daysFromNow(-2) });
    const res = await t
      .request()
      .post(`/api/quotes/${tokenOf(quote)}/accept`)
      .send({ signatureName: 'Ada', agree: true });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('expired');
  });
});

describe('quote requests', () => {
  it('stores an enquiry marked as a quote request with the items named from the catalogue, alerts staff', async () => {
    const product = await buildProduct(t.db, { name: `Switch 48-port ${crypto.randomUUID().slice(0, 6)}` });
    const listener = await listenToStaffEvents();
    let id: string;
    try {
      const res = await t
        .request()
        .post('/api/quote-requests')
        .send({
          name: 'Linus Buyer',
          email: 'linus.buyer@example.com',
          phone: '555 0100',
          company: 'Big Office',
          message: 'We need twenty switches installed.',
          items: [{ id: product.id, quantity: 20 }],
        });
      expect(res.status).toBe(201);
      const row = await t.db('enquiries').where({ email: 'linus.buyer@example.com' }).first();
      id = row.id;
      expect(row).toMatchObject({ kind: 'quote_request', service: 'Quote request', company: 'Big Office' });
      expect(row.items).toEqual([{ productId: product.id, name: product.name, quantity: 20 }]);
      await expect.poll(() => listener.events.filter((e) => e.id === id)).toEqual([{ kind: 'enquiry.created', id }]);
    } finally {
      await listener.stop();
    }
    const [alert] = await t.db('mails').where({ idempotencyKey: `staff-new-enquiry:${id}` });
    expect(alert.recipient).toBe('alerts@example.com');
    expect(JSON.stringify(alert.data)).toContain(`20 × ${product.name}`);
    const admin = await staffAgentOf(t.db, t.agent(), 'admin');
    const detail = (await admin.get(`/api/admin/enquiries/${id}`)).body as EnquiryDetail;
    expect(detail).toMatchObject({ kind: 'quote_request', items: [{ productId: product.id, quantity: 20 }] });
    const list = await admin.get('/api/admin/enquiries');
    expect(list.body.enquiries.find((e: { id: string }) => e.id === id)).toMatchObject({ kind: 'quote_request' });

    // The dashboard's card counts the new quote requests and opens the list filtered to them.
    const contactEnquiry = { name: 'Plain', email: 'plain@example.com', service: 'Other', message: 'Hello' };
    await t.db('enquiries').insert(contactEnquiry);
    const newQuoteRequests = await t.db('enquiries').where({ kind: 'quote_request', status: 'new' });
    const dashboard = (await admin.get('/api/admin/dashboard')).body;
    expect(dashboard.newQuoteRequests).toBe(newQuoteRequests.length);
    expect(dashboard.newEnquiries).toBeGreaterThan(dashboard.newQuoteRequests);
    const filtered = await admin.get('/api/admin/enquiries?status=new&kind=quote_request');
    expect(filtered.status).toBe(200);
    expect(filtered.body.enquiries.map((e: { id: string }) => e.id).sort()).toEqual(
      newQuoteRequests.map((row: { id: string }) => row.id).sort(),
    );
    expect((await admin.get('/api/admin/enquiries?kind=quotes')).status).toBe(400);
  });

  it.each([
    ['a price', { items: [{ id: crypto.randomUUID(), quantity: 1, price: '1.00' }] }],
    ['an unknown product', { items: [{ id: crypto.randomUUID(), quantity: 1 }] }],
    ['no message', { message: '' }],
  ])('refuses a request with %s (400) and stores nothing', async (_name, extra) => {
    const before = await t.db('enquiries').count<{ count: number }[]>('* as count');
    const res = await t
      .request()
      .post('/api/quote-requests')
      .send({ name: 'A', email: 'a@example.com', message: 'Quote please', ...extra });
    expect(res.status).toBe(400);
    expect(await t.db('enquiries').count<{ count: number }[]>('* as count')).toEqual(before);
  });
});
