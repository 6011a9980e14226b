import { describe, expect, it } from 'vitest';
import type { Quote, QuoteDetail } from '@shared/schemas/quotes';
import { buildProduct } from '../../test/commerce-factories';
import { roomyRateLimits } from '../../test/config';
import { buildUser, logIn } from '../../test/factories';
import { quoteBody, sentQuote, staffAgentOf, tokenOf } from '../../test/quote-factories';
import { setupTestApp } from '../../test/test-app';

const t = setupTestApp({ rateLimits: roomyRateLimits });
const sales = () => staffAgentOf(t.db, t.agent(), 'sales');

describe('creating a quote', () => {
  it('prices every kind of line and computes the totals on the server', async () => {
    const product = await buildProduct(t.db, { price: '19.99' });
    const staff = await sales();
    const res = await staff.post('/api/admin/quotes').send(
      quoteBody({
        depositPercent: 25,
        lines: [
          { kind: 'product', productId: product.id, quantity: 3 },
          { kind: 'service', description: 'Installation, hours', quantity: 4, unitPrice: '120' },
          { kind: 'service', description: 'Cable and parts', quantity: 1, unitPrice: '50.00', taxable: true },
          { kind: 'recurring', description: 'Managed Wi-Fi', quantity: 2, unitPrice: '99.00', interval: 'month' },
        ],
      }),
    );
    expect(res.status).toBe(201);
    const quote = res.body as Quote;
    expect(quote.status).toBe('draft');
    expect(quote.number).toMatch(/^Q-\d{4}-\d{4}$/);
    expect(quote.version).toBe(1);
    expect(quote.publicUrl).toMatch(/^http:\/\/[^/]+\/quotes\/[A-Za-z0-9_-]{43}$/);
    expect(quote.lines.map((l) => [l.kind, l.description, l.unitPrice, l.taxable, l.interval, l.lineTotal])).toEqual([
      ['product', product.name, '19.99', true, null, '59.97'],
      ['service', 'Installation, hours', '120.00', false, null, '480.00'],
      ['service', 'Cable and parts', '50.00', true, null, '50.00'],
      ['recurring', 'Managed Wi-Fi', '99.00', false, 'month', '198.00'],
    ]);
    // By hand: 59.97 + 480 + 50 = 589.97; tax 8.5 % of (59.97 + 50) = 9.34745 → 9.35; total 599.32;
    // deposit 25 % = 149.83; monthly 2 × 99 = 198.
    expect(quote.totals).toEqual({
      oneTimeSubtotal: '589.97',
      tax: '9.35',
      oneTimeTotal: '599.32',
      deposit: '149.83',
      recurringMonthly: '198.00',
    });
  });

  it('takes the catalogue price when a product line is added, and keeps it when the catalogue changes', async () => {
    const product = await buildProduct(t.db, { price: '100.00' });
    const staff = await sales();
    const created = await staff
      .post('/api/admin/quotes')
      .send(quoteBody({ lines: [{ kind: 'product', productId: product.id, quantity: 1 }] }));
    await t.db('products').where({ id: product.id }).update({ price: '150.00' });
    const patched = await staff
      .patch(`/api/admin/quotes/${created.body.id}`)
      .send({ lines: [{ kind: 'product', productId: product.id, quantity: 2 }] });
    expect(patched.status).toBe(200);
    expect(patched.body.lines[0]).toMatchObject({ unitPrice: '100.00', lineTotal: '200.00' });
    // 200 taxed: 17.00.
    expect(patched.body.totals).toMatchObject({ oneTimeSubtotal: '200.00', tax: '17.00', oneTimeTotal: '217.00' });
  });

  it.each([
    ['a total', { totals: { oneTimeTotal: '1.00' } }],
    ['a tax', { tax: '0.00' }],
    ['a deposit amount', { deposit: '10.00' }],
    [
      'a line total',
      { lines: [{ kind: 'service', description: 'X', quantity: 1, unitPrice: '1.00', lineTotal: '0.01' }] },
    ],
    [
      'a product price',
      { lines: [{ kind: 'product', productId: crypto.randomUUID(), quantity: 1, unitPrice: '1.00' }] },
    ],
    ['a negative price', { lines: [{ kind: 'service', description: 'X', quantity: 1, unitPrice: '-1.00' }] }],
    ['a zero quantity', { lines: [{ kind: 'service', description: 'X', quantity: 0, unitPrice: '1.00' }] }],
    [
      'a recurring line without interval',
      { lines: [{ kind: 'recurring', description: 'X', quantity: 1, unitPrice: '1.00' }] },
    ],
    ['no lines', { lines: [] }],
    ['an unknown product', { lines: [{ kind: 'product', productId: crypto.randomUUID(), quantity: 1 }] }],
    ['an unknown source', { source: { enquiryId: crypto.randomUUID() } }],
  ])('refuses a body with %s (400) and stores nothing', async (_name, extra) => {
    const staff = await sales();
    const before = await t.db('quotes').count<{ count: string }[]>('* as count');
    const res = await staff.post('/api/admin/quotes').send({ ...quoteBody(), ...extra });
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
    expect(await t.db('quotes').count<{ count: string }[]>('* as count')).toEqual(before);
  });

  it('numbers ten quotes created at once without gaps or repeats', async () => {
    const staff = await sales();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => staff.post('/api/admin/quotes').send(quoteBody())),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    const sequences = results.map((r) => Number((r.body as Quote).number.split('-')[2])).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: 10 }, (_, i) => sequences[0]! + i));
    const { last } = (await t.db('quote_counters').first('lastNumber as last'))!;
    expect(sequences.at(-1)).toBe(last);
  });

  it('lists newest first, filters by status and finds by number, customer and title', async () => {
    const staff = await sales();
    const a = (await staff.post('/api/admin/quotes').send(quoteBody({ title: 'Zebra cabling job' }))).body as Quote;
    const b = await sentQuote(staff, { customer: { name: 'Grace Quokka', email: 'grace.quokka@example.com' } });
    const byTitle = await staff.get('/api/admin/quotes').query({ q: 'zebra' });
    expect(byTitle.body.quotes.map((q: Quote) => q.id)).toEqual([a.id]);
    const byCustomer = await staff.get('/api/admin/quotes').query({ q: 'QUOKKA' });
    expect(byCustomer.body.quotes.map((q: Quote) => q.id)).toEqual([b.id]);
    const byNumber = await staff.get('/api/admin/quotes').query({ q: b.number });
    expect(byNumber.body.quotes.map((q: Quote) => q.id)).toEqual([b.id]);
    const sent = await staff.get('/api/admin/quotes').query({ status: 'sent', limit: 100 });
    expect(sent.body.quotes.every((q: Quote) => q.status === 'sent')).toBe(true);
    expect(sent.body.quotes.map((q: Quote) => q.id)).toContain(b.id);
    const page1 = await staff.get('/api/admin/quotes').query({ limit: 1 });
    const page2 = await staff.get('/api/admin/quotes').query({ limit: 1, cursor: page1.body.nextCursor });
    expect(page1.body.quotes[0].id).toBe(b.id);
    expect(page2.body.quotes[0].id).toBe(a.id);
    expect((await staff.get('/api/admin/quotes').query({ status: 'nope' })).status).toBe(400);
  });
});

describe('who may work on quotes', () => {
  it('lets sales and admins in, and keeps clients, support and fulfilment out (403)', async () => {
    const client = t.agent();
    await logIn(client, await buildUser(t.db));
    expect((await client.get('/api/admin/quotes')).status).toBe(403);
    expect((await client.post('/api/admin/quotes').send(quoteBody())).status).toBe(403);
    for (const role of ['support', 'fulfilment'] as const) {
      const staff = await staffAgentOf(t.db, t.agent(), role);
      const res = await staff.get('/api/admin/quotes');
      expect(res.status).toBe(403);
      expect(res.body.message).toContain('quotes permission');
    }
    for (const role of ['sales', 'admin'] as const) {
      const staff = await staffAgentOf(t.db, t.agent(), role);
      expect((await staff.get('/api/admin/quotes')).status).toBe(200);
      expect((await staff.post('/api/admin/quotes').send(quoteBody())).status).toBe(201);
    }
    expect((await t.request().get('/api/admin/quotes')).status).toBe(401);
  });
});

describe('transitions', () => {
  it('answers every illegal transition with 409 naming the state', async () => {
    const staff = await sales();
    const draft = (await staff.post('/api/admin/quotes').send(quoteBody())).body as Quote;
    expect((await staff.post(`/api/admin/quotes/${draft.id}/revise`)).body.message).toContain('is draft');
    // A draft's change is refused with any amount but a unit price, and with a source (set at creation only).
    for (const body of [{ tax: '0.00' }, { totals: draft.totals }, { source: { enquiryId: draft.id } }]) {
      expect((await staff.patch(`/api/admin/quotes/${draft.id}`).send(body)).status).toBe(400);
    }
    const renamed = await staff.patch(`/api/admin/quotes/${draft.id}`).send({ title: 'Renamed', depositPercent: 10 });
    expect(renamed.body).toMatchObject({ title: 'Renamed', depositPercent: 10, status: 'draft' });
    // 4 × 120 = 480.00, untaxed; 10 % deposit = 48.00.
    expect(renamed.body.totals).toMatchObject({ oneTimeTotal: '480.00', deposit: '48.00' });

    const sent = await sentQuote(staff);
    const patch = await staff.patch(`/api/admin/quotes/${sent.id}`).send({ title: 'Changed' });
    expect(patch.status).toBe(409);
    expect(patch.body.message).toBe(`Quote ${sent.number} is sent: only a draft can be changed (revise it instead)`);
    const again = await staff.post(`/api/admin/quotes/${sent.id}/send`);
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('is sent');

    const token = tokenOf(sent);
    expect((await t.request().post(`/api/quotes/${token}/decline`).send({ reason: 'Too dear' })).status).toBe(200);
    for (const [path, body] of [
      [`/api/quotes/${token}/accept`, { signatureName: 'Ada Lovelace', agree: true }],
    ] as const) {
      const res = await t.request().post(path).send(body);
      expect(res.status).toBe(409);
      expect(res.body.message).toContain('is declined');
    }
    for (const action of ['send', 'revise', 'withdraw']) {
      const res = await staff.post(`/api/admin/quotes/${sent.id}/${action}`);
      expect(res.status).toBe(409);
      expect(res.body.message).toContain('is declined');
    }

    const withdrawn = await sentQuote(staff);
    expect((await staff.post(`/api/admin/quotes/${withdrawn.id}/withdraw`)).body.status).toBe('withdrawn');
    const late = await t
      .request()
      .post(`/api/quotes/${tokenOf(withdrawn)}/accept`)
      .send({ signatureName: 'Ada', agree: true });
    expect(late.status).toBe(409);
    expect(late.body.message).toContain('is withdrawn');
    expect((await t.request().get(`/api/quotes/${tokenOf(withdrawn)}`)).body.status).toBe('withdrawn');

    // A draft withdrawn; and a quote past its date cannot be sent.
    const d2 = (await staff.post('/api/admin/quotes').send(quoteBody())).body as Quote;
    expect((await staff.post(`/api/admin/quotes/${d2.id}/withdraw`)).status).toBe(200);
    const d3 = (await staff.post('/api/admin/quotes').send(quoteBody())).body as Quote;
    await t.db('quotes').where({ id: d3.id }).update({ validUntil: '2020-01-01' });
    const stale = await staff.post(`/api/admin/quotes/${d3.id}/send`);
    expect(stale.status).toBe(409);
    expect(stale.body.message).toContain('valid until 2020-01-01');
    expect((await staff.get(`/api/admin/quotes/${crypto.randomUUID()}`)).status).toBe(404);
  });

  it('revises a sent quote into a new draft version of the same number; the old link says replaced once it is sent', async () => {
    const staff = await sales();
    const v1 = await sentQuote(staff);
    expect((await t.request().get(`/api/quotes/${tokenOf(v1)}`)).body.status).toBe('viewed');
    const revised = await staff.post(`/api/admin/quotes/${v1.id}/revise`);
    expect(revised.status).toBe(201);
    const v2 = revised.body as Quote;
    expect(v2).toMatchObject({ number: v1.number, version: 2, status: 'draft', totals: v1.totals });
    expect(v2.publicUrl).not.toBe(v1.publicUrl);
    const old = await t.request().get(`/api/quotes/${tokenOf(v1)}`);
    expect(old.body).toMatchObject({ status: 'superseded', replacedByUrl: null });
    // Not sent yet: the new link is unknown to the client.
    expect((await t.request().get(`/api/quotes/${tokenOf(v2)}`)).status).toBe(404);
    expect((await staff.patch(`/api/admin/quotes/${v2.id}`).send({ title: 'Wi-Fi, revised' })).status).toBe(200);
    expect((await staff.post(`/api/admin/quotes/${v2.id}/send`)).status).toBe(200);
    expect((await t.request().get(`/api/quotes/${tokenOf(v1)}`)).body.replacedByUrl).toBe(v2.publicUrl);
    const detail = (await staff.get(`/api/admin/quotes/${v1.id}`)).body as QuoteDetail;
    expect(detail.timeline.map((e) => e.type)).toEqual(['created', 'sent', 'viewed', 'revised']);
    expect(detail.timeline[3]!.data).toMatchObject({ quoteId: v2.id, version: 2 });
    const audit = await t.db('audit_log').where({ recordId: v1.id }).orderBy('id').pluck('action');
    expect(audit).toEqual(['quote.created', 'quote.sent', 'quote.revised']);
  });

  it('lets exactly one of a concurrent accept, revise and withdraw win', async () => {
    const staff = await sales();
    for (let round = 0; round < 4; round++) {
      const quote = await sentQuote(staff);
      const results = await Promise.all([
        t
          .request()
          .post(`/api/quotes/${tokenOf(quote)}/accept`)
          .send({ signatureName: 'Ada Lovelace', agree: true }),
        staff.post(`/api/admin/quotes/${quote.id}/revise`),
        staff.post(`/api/admin/quotes/${quote.id}/withdraw`),
      ]);
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s < 300)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(2);
      const row = await t.db('quotes').where({ id: quote.id }).first();
      expect(['accepted', 'superseded', 'withdrawn']).toContain(row.status);
      const drafts = await t.db('quotes').where({ number: quote.number }).count<{ count: number }[]>('* as count');
      expect(drafts[0]!.count).toBe(row.status === 'superseded' ? 2 : 1);
    }
  });
});

describe("the client's link", () => {
  it('shows the quote without internal notes, records the first view once, and 404s on an unknown token', async () => {
    const staff = await sales();
    const quote = await sentQuote(staff, { notes: 'Margin is thin here', terms: '50% up front' });
    const first = await t.request().get(`/api/quotes/${tokenOf(quote)}`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ number: quote.number, status: 'viewed', terms: '50% up front' });
    expect(JSON.stringify(first.body)).not.toContain('Margin is thin');
    expect(first.body).not.toHaveProperty('id');
    await Promise.all([1, 2, 3].map(() => t.request().get(`/api/quotes/${tokenOf(quote)}`)));
    const viewed = await t.db('quote_events').where({ quoteId: quote.id, type: 'viewed' });
    expect(viewed).toHaveLength(1);
    expect(await t.db('quotes').where({ id: quote.id }).first('viewedAt')).toMatchObject({
      viewedAt: expect.any(Date),
    });

    const other = await sentQuote(staff);
    const wrong = tokenOf(other).slice(0, -1) + (tokenOf(other).endsWith('A') ? 'B' : 'A');
    expect((await t.request().get(`/api/quotes/${wrong}`)).status).toBe(404);
    expect((await t.request().get('/api/quotes/short')).status).toBe(404);
    expect(
      (await t.request().post(`/api/quotes/${wrong}/accept`).send({ signatureName: 'Ada', agree: true })).status,
    ).toBe(404);
    // A draft's link answers as an unknown one.
    const draft = (await staff.post('/api/admin/quotes').send(quoteBody())).body as Quote;
    expect((await t.request().get(`/api/quotes/${tokenOf(draft)}`)).status).toBe(404);
  });

  it('accepts once with the typed name, time and address; the same accept again answers as the first', async () => {
    const staff = await sales();
    const quote = await sentQuote(staff);
    const accept = () =>
      t
        .request()
        .post(`/api/quotes/${tokenOf(quote)}/accept`)
        .set('X-Forwarded-For', '203.0.113.9')
        .send({ signatureName: 'Ada Lovelace', agree: true });
    const [a, b] = await Promise.all([accept(), accept()]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toMatchObject({ status: 'accepted', signatureName: 'Ada Lovelace' });
    expect(b.body.acceptedAt).toBe(a.body.acceptedAt);
    const events = await t.db('quote_events').where({ quoteId: quote.id, type: 'accepted' });
    expect(events).toHaveLength(1);
    expect(events[0].data).toMatchObject({ signatureName: 'Ada Lovelace', ip: expect.stringMatching(/\d/) });
    const row = await t.db('quotes').where({ id: quote.id }).first();
    expect(row).toMatchObject({ signatureName: 'Ada Lovelace', acceptedAt: expect.any(Date) });
    expect(row.acceptedIp).toBe(events[0].data.ip);
    expect(await t.db('audit_log').where({ recordId: quote.id, action: 'quote.accepted' })).toHaveLength(1);
    const other = await t
      .request()
      .post(`/api/quotes/${tokenOf(quote)}/accept`)
      .send({ signatureName: 'Someone Else', agree: true });
    expect(other.status).toBe(409);
    const notAgreed = await t
      .request()
      .post(`/api/quotes/${tokenOf(quote)}/accept`)
      .send({ signatureName: 'Ada Lovelace', agree: false });
    expect(notAgreed.status).toBe(400);
    const detail = (await staff.get(`/api/admin/quotes/${quote.id}`)).body as QuoteDetail;
    expect(detail.timeline.find((e) => e.type === 'accepted')!.data).toMatchObject({ signatureName: 'Ada Lovelace' });
    const pdf = await staff.get(`/api/admin/quotes/${quote.id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  it('declines with a reason, shown on the timeline', async () => {
    const staff = await sales();
    const quote = await sentQuote(staff);
    const res = await t
      .request()
      .post(`/api/quotes/${tokenOf(quote)}/decline`)
      .send({ reason: 'We chose another firm' });
    expect(res.body.status).toBe('declined');
    const detail = (await staff.get(`/api/admin/quotes/${quote.id}`)).body as QuoteDetail;
    expect(detail.timeline.at(-1)).toMatchObject({ type: 'declined', data: { reason: 'We chose another firm' } });
    expect(
      (
        await t
          .request()
          .post(`/api/quotes/${tokenOf(quote)}/decline`)
          .send({ total: '1' })
      ).status,
    ).toBe(400);
  });

  it("lists a signed-in client's quotes by account and by verified address, not others'", async () => {
    const staff = await sales();
    const { user, username, password } = await buildUser(t.db, { email: `${crypto.randomUUID()}@example.com` });
    await t.db('users').where({ id: user.id }).update({ emailVerifiedAt: new Date() });
    const byAccount = await sentQuote(staff, { customer: { userId: user.id } });
    const byEmail = await sentQuote(staff, { customer: { name: 'Ada', email: user.email!.toUpperCase() } });
    await sentQuote(staff);
    await staff.post('/api/admin/quotes').send(quoteBody({ customer: { userId: user.id } }));
    const client = t.agent();
    await logIn(client, { username, password });
    const res = await client.get('/api/quotes');
    expect(res.status).toBe(200);
    expect(res.body.quotes.map((q: { url: string }) => q.url).sort()).toEqual(
      [byAccount.publicUrl, byEmail.publicUrl].sort(),
    );
    expect((await t.request().get('/api/quotes')).status).toBe(401);
  });
});
