import { beforeAll, describe, expect, it } from 'vitest';
import { formatTicketNumber, ticketNumberOf } from '@shared/schemas/tickets';
import { callerOf, buildTicket, type Caller } from '../../test/ticket-factories';
import { outboxRows } from '../../test/mail';
import { setupTestApp } from '../../test/test-app';
import { renderMail, mailContext } from '../mail/render-mail';
import { createTicket } from './tickets.service';

const t = setupTestApp();

let staff: Caller;
let client: Caller;

beforeAll(async () => {
  staff = await callerOf(t, 'staff', { firstName: 'Sam' });
  client = await callerOf(t, 'client', { email: 'numbered@example.com', firstName: 'Nora' });
});

const numberOf = async (id: string) => Number((await t.db('tickets').select('number').where({ id }).first()).number);

describe('ticket numbers (decision 181)', () => {
  it('hands out increasing, unique numbers from 10001, also to tickets filed at the same moment', async () => {
    const first = await buildTicket(t.db, client.built.user);
    const second = await buildTicket(t.db, client.built.user);
    expect(await numberOf(first.id)).toBeGreaterThanOrEqual(10001);
    expect(await numberOf(second.id)).toBeGreaterThan(await numberOf(first.id));

    // Twenty requests filed in twenty concurrent transactions: twenty different numbers.
    const ids = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.db.transaction((trx) =>
          createTicket(trx, {
            userId: null,
            name: `Caller ${i}`,
            email: 'rush@example.com',
            service: 'Field IT Services',
            message: 'All at once',
          }),
        ),
      ),
    );
    const numbers = await Promise.all(ids.map((id) => numberOf(id!)));
    expect(new Set(numbers).size).toBe(20);

    // The database refuses a second ticket with a number already given.
    await expect(
      t.db('tickets').insert({
        name: 'Copy',
        email: 'copy@example.com',
        service: 'Field IT Services',
        message: 'Same number',
        status: 'pending',
        number: numbers[0],
      }),
    ).rejects.toThrow(/tickets_number_unique/);
    // A deleted ticket's number is not given again.
    const gone = await buildTicket(t.db, null);
    const goneNumber = await numberOf(gone.id);
    await t.db('tickets').where({ id: gone.id }).delete();
    const after = await buildTicket(t.db, null);
    expect(await numberOf(after.id)).toBeGreaterThan(goneNumber);
  });

  it('is shown to the client (list and ticket) and to staff (list and ticket)', async () => {
    const ticket = await buildTicket(t.db, client.built.user, { service: 'Cybersecurity Solutions' });
    const number = formatTicketNumber(await numberOf(ticket.id));
    const mine = await client.agent.get('/api/service-requests');
    expect(mine.body.find((r: { id: string }) => r.id === ticket.id).number).toBe(number);
    expect((await client.agent.get(`/api/service-requests/${ticket.id}`)).body.request.number).toBe(number);
    expect((await staff.agent.get(`/api/service-requests/${ticket.id}`)).body.request.number).toBe(number);
    const list = await staff.agent.get(`/api/admin/service-requests?clientId=${client.built.user.id}`);
    expect(list.body.requests.find((r: { id: string }) => r.id === ticket.id).number).toBe(number);
  });

  it('finds a ticket in the staff list by T-number, t-number or bare digits, and nothing for a wrong one', async () => {
    const ticket = await buildTicket(t.db, client.built.user, { message: 'Printer jams' });
    const digits = String(await numberOf(ticket.id));
    const search = async (q: string) => {
      const res = await staff.agent.get(`/api/admin/service-requests?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      return res.body.requests.map((r: { id: string }) => r.id) as string[];
    };
    expect(await search(`T-${digits}`)).toEqual([ticket.id]);
    expect(await search(`t-${digits}`)).toEqual([ticket.id]);
    expect(await search(`T${digits}`)).toEqual([ticket.id]);
    expect(await search(` ${digits} `)).toEqual([ticket.id]);
    expect(await search('T-999999999')).toEqual([]);
    // Digits that are words of a ticket's text still find it.
    const phone = await buildTicket(t.db, null, { message: 'Call me on 5550123' });
    expect(await search('5550123')).toEqual([phone.id]);
  });

  it('names the ticket in the mails about it', async () => {
    const ticket = await buildTicket(t.db, client.built.user, { service: 'Cloud & Virtualization' });
    const number = formatTicketNumber(await numberOf(ticket.id));
    const reply = await staff.agent
      .post(`/api/service-requests/${ticket.id}/replies`)
      .send({ message: 'We are on it.' });
    expect(reply.status).toBe(201);
    const [mail] = (await outboxRows(t.db)).filter(
      (m) => m.template === 'service-request-reply' && (m.data as { requestId: string }).requestId === ticket.id,
    );
    const rendered = await renderMail(mail!.template, mail!.data, mailContext('https://www.example.com'));
    expect(rendered.subject).toBe(`New reply to your request ${number}: Cloud & Virtualization`);
    expect(rendered.text).toContain(`your request ${number} about Cloud & Virtualization`);
  });
});

describe('ticketNumberOf', () => {
  it.each([
    ['T-10001', '10001'],
    ['t10001', '10001'],
    ['10001', '10001'],
    ['T-', null],
    ['NS-10001', null],
    ['10001 printer', null],
  ])('%j → %j', (q, digits) => {
    expect(ticketNumberOf(q)).toBe(digits);
  });
});
