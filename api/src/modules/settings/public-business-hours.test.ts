import { describe, expect, it } from 'vitest';
import { DEFAULT_BUSINESS_HOURS } from '@shared/schemas/support';
import { ALWAYS_OPEN, storeBusinessHours, todayIn } from '../../test/business-hours';
import { setupTestApp } from '../../test/test-app';

/*
 * GET /api/business-hours (public, decision 188): the hours as lines, open
 * now or not, a holiday today by name, the next opening in words; briefly
 * cacheable.
 */

const t = setupTestApp();

describe('GET /api/business-hours', () => {
  it('answers anyone with the hours as lines, open now, and a short public cache', async () => {
    await storeBusinessHours(t.db, ALWAYS_OPEN);
    const response = await t.request().get('/api/business-hours').expect(200);
    expect(response.headers['cache-control']).toBe('public, max-age=30');
    expect(response.body).toMatchObject({
      timeZone: 'America/Chicago',
      timeZoneLabel: 'Central',
      openNow: true,
      holidayToday: null,
      nextOpening: null,
      nextOpeningText: null,
      lines: [{ label: 'Monday – Sunday', value: 'Open 24 hours' }],
    });
  });

  it('shows the spec’s hours as the contact page lists them', async () => {
    await storeBusinessHours(t.db, DEFAULT_BUSINESS_HOURS);
    const response = await t.request().get('/api/business-hours').expect(200);
    expect(response.body.lines).toEqual([
      { label: 'Monday – Friday', value: '8:00 AM – 6:00 PM' },
      { label: 'Saturday', value: '9:00 AM – 2:00 PM' },
      { label: 'Sunday', value: 'Closed' },
    ]);
  });

  it('is closed on a holiday, with its name, and says when it opens next', async () => {
    const today = todayIn('America/Chicago');
    await storeBusinessHours(t.db, {
      ...ALWAYS_OPEN,
      holidays: [
        { date: '2020-01-01', name: 'Long ago' },
        { date: today, name: 'Founders Day' },
      ],
    });
    const response = await t.request().get('/api/business-hours').expect(200);
    expect(response.body).toMatchObject({
      openNow: false,
      holidayToday: { date: today, name: 'Founders Day' },
      nextOpeningText: 'tomorrow at 12:00 AM Central',
      upcomingHolidays: [{ date: today, name: 'Founders Day' }],
    });
    expect(Date.parse(response.body.nextOpening)).toBeGreaterThan(Date.now());
  });
});
