import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BUSINESS_HOURS } from '@shared/schemas/support';
import { roomyRateLimits } from '../../test/config';
import { buildUser, logIn } from '../../test/factories';
import { callerOf, type Caller } from '../../test/ticket-factories';
import { setupTestApp } from '../../test/test-app';

/*
 * GET/PUT /api/admin/settings/business-hours (decision 183): the spec's hours until an admin changes them; a value
 * is checked whole (zone, openings, holidays) and a refused one changes nothing; every change is audited.
 */

const t = setupTestApp({ rateLimits: roomyRateLimits });
const URL = '/api/admin/settings/business-hours';

let admin: Caller;

beforeAll(async () => {
  admin = await callerOf(t, 'staff');
});

const holidayHours = {
  timeZone: 'America/New_York',
  weekly: [
    { day: 'monday', opens: '09:00', closes: '12:00' },
    { day: 'monday', opens: '13:00', closes: '17:00' },
  ],
  holidays: [{ date: '2026-12-25', name: 'Christmas Day' }],
};

describe('business hours setting', () => {
  it('starts as the spec’s hours, stores a change, audits it and reads it back', async () => {
    await t.db('settings').where({ key: 'business_hours' }).delete();
    const first = await admin.agent.get(URL).expect(200);
    expect(first.body).toEqual(DEFAULT_BUSINESS_HOURS);

    const put = await admin.agent.put(URL).send(holidayHours).expect(200);
    expect(put.body).toEqual(holidayHours);
    expect((await admin.agent.get(URL).expect(200)).body).toEqual(holidayHours);

    const audit = await t
      .db('audit_log')
      .where({ action: 'setting.updated', recordId: 'business_hours' })
      .orderBy('id', 'desc')
      .first();
    expect(audit).toMatchObject({
      actorId: admin.built.user.id,
      recordType: 'setting',
      before: null,
      after: holidayHours,
    });
  });

  it.each([
    ['an unknown zone', { timeZone: 'Mars/Olympus' }, /timeZone/],
    [
      'overlapping openings',
      { weekly: [...holidayHours.weekly, { day: 'monday', opens: '11:00', closes: '14:00' }] },
      /overlap/,
    ],
    [
      'an opening that closes before it opens',
      { weekly: [{ day: 'friday', opens: '18:00', closes: '08:00' }] },
      /close after/,
    ],
    ['a time that is not HH:MM', { weekly: [{ day: 'friday', opens: '8am', closes: '18:00' }] }, /HH:MM/],
    ['an impossible holiday', { holidays: [{ date: '2026-02-30', name: 'Nope' }] }, /real dates/],
    [
      'a holiday listed twice',
      {
        holidays: [
          { date: '2026-12-25', name: 'A' },
          { date: '2026-12-25', name: 'B' },
        ],
      },
      /once/,
    ],
    ['an unknown field', { extra: true }, /./],
  ])('refuses %s with 400 and keeps the stored value', async (_name, change, message) => {
    await admin.agent.put(URL).send(holidayHours).expect(200);
    const response = await admin.agent
      .put(URL)
      .send({ ...holidayHours, ...change })
      .expect(400);
    expect(response.body.message).toMatch(message);
    expect((await admin.agent.get(URL).expect(200)).body).toEqual(holidayHours);
  });

  it('is for admins: other roles get 403, clients 403, visitors 401', async () => {
    const support = await buildUser(t.db, { accountType: 'staff', staffRole: 'support' });
    const agent = t.agent();
    await logIn(agent, support);
    await agent.get(URL).expect(403);
    await agent.put(URL).send(holidayHours).expect(403);
    const client = await callerOf(t, 'client');
    await client.agent.put(URL).send(holidayHours).expect(403);
    await t.agent().get(URL).expect(401);
  });
});
