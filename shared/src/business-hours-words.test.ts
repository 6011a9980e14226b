import { describe, expect, it } from 'vitest';
import { awayNoticeForEmail, awayReply, openState, weeklyHoursLines, whenInWords } from './business-hours-words';
import { businessMinutesBetween, isOpenAt } from './business-time';
import { DEFAULT_BUSINESS_HOURS, businessHoursSchema, weekdays } from './schemas/support';

// 2026-11-28 is a Saturday; Central time is UTC−6 in November.
const central = (local: string) => Date.parse(`${local}-06:00`);

describe('business hours in words', () => {
  it('names the next opening as a visitor would say it', () => {
    const hours = DEFAULT_BUSINESS_HOURS;
    const saturdayEvening = central('2026-11-28T15:00:00');
    expect(openState(hours, saturdayEvening)).toMatchObject({
      openNow: false,
      holidayToday: null,
      nextOpeningText: 'Monday at 8:00 AM Central',
    });
    expect(whenInWords(hours, central('2026-11-28T09:00:00'), central('2026-11-27T19:00:00'))).toBe(
      'tomorrow at 9:00 AM Central',
    );
    expect(whenInWords(hours, central('2026-11-27T08:00:00'), central('2026-11-27T06:30:00'))).toBe(
      'today at 8:00 AM Central',
    );
    expect(whenInWords(hours, central('2026-12-07T08:00:00'), central('2026-11-28T15:00:00'))).toBe(
      'Monday, December 7 at 8:00 AM Central',
    );
  });

  it('words the away reply and the email notice, with a holiday by name', () => {
    const hours = { ...DEFAULT_BUSINESS_HOURS, holidays: [{ date: '2026-11-26', name: 'Thanksgiving' }] };
    const thanksgivingNoon = central('2026-11-26T12:00:00');
    expect(awayReply(hours, thanksgivingNoon, { emailGiven: false })).toBe(
      "Thanks for your message! We're closed today for Thanksgiving. We're back tomorrow at 8:00 AM Central. " +
        'Leave your email address and our reply will also go by email.',
    );
    expect(awayNoticeForEmail(hours, thanksgivingNoon)).toBe(
      "Our office is closed today for Thanksgiving: we're back tomorrow at 8:00 AM Central. Our reply will come to you by email.",
    );
    expect(awayReply(hours, central('2026-11-27T12:00:00'), { emailGiven: true })).toBeNull();
    expect(awayNoticeForEmail({ ...hours, weekly: [] }, thanksgivingNoon)).toBe(
      'Our office is closed today for Thanksgiving. Our reply will come to you by email.',
    );
  });

  it('groups days with the same hours, and shows a day open around the clock', () => {
    expect(
      weeklyHoursLines({
        ...DEFAULT_BUSINESS_HOURS,
        weekly: [
          { day: 'monday', opens: '09:00', closes: '12:00' },
          { day: 'monday', opens: '13:00', closes: '17:00' },
          { day: 'tuesday', opens: '00:00', closes: '24:00' },
          { day: 'wednesday', opens: '20:00', closes: '24:00' },
        ],
      }),
    ).toEqual([
      { label: 'Monday', value: '9:00 AM – 12:00 PM, 1:00 PM – 5:00 PM' },
      { label: 'Tuesday', value: 'Open 24 hours' },
      { label: 'Wednesday', value: '8:00 PM – midnight' },
      { label: 'Thursday', value: 'Closed' },
      { label: 'Friday', value: 'Closed' },
      { label: 'Saturday', value: 'Closed' },
      { label: 'Sunday', value: 'Closed' },
    ]);
  });
});

describe('24:00, the end of a day', () => {
  const aroundTheClock = {
    timeZone: 'America/Chicago',
    weekly: weekdays.map((day) => ({ day, opens: '00:00', closes: '24:00' })),
    holidays: [],
  };

  it('is a valid closing time (and only a closing time), open through midnight with no gap', () => {
    expect(businessHoursSchema.safeParse(aroundTheClock).success).toBe(true);
    const opensAt24 = { ...aroundTheClock, weekly: [{ day: 'monday', opens: '24:00', closes: '24:00' }] };
    expect(businessHoursSchema.safeParse(opensAt24).success).toBe(false);
    expect(isOpenAt(aroundTheClock, central('2026-11-27T23:59:59'))).toBe(true);
    expect(isOpenAt(aroundTheClock, central('2026-11-28T00:00:00'))).toBe(true);
    expect(businessMinutesBetween(aroundTheClock, central('2026-11-27T23:00:00'), central('2026-11-28T01:00:00'))).toBe(
      120,
    );
    expect(openState(aroundTheClock, central('2026-11-27T23:59:59')).nextOpening).toBeNull();
  });
});
