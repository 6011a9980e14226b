import { z } from 'zod';
import { isTimeZone } from './service-requests';
import { singleLine } from './text';

/**
 * The support desk's shared vocabulary (issues 26 and 27): how urgent a
 * ticket or chat is, and when the team works. The API validates settings with
 * these schemas, and the console, the contact page, the chat widget and the
 * service-level clocks all read the same business hours.
 */

export const priorities = ['low', 'normal', 'high', 'urgent'] as const;
export type Priority = (typeof priorities)[number];
export const prioritySchema = z.enum(priorities, { message: `priority must be one of ${priorities.join(', ')}` });

export const PRIORITY_LABELS: Record<Priority, string> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
  urgent: 'Urgent',
};

/** Most urgent first: the order lists sort by. */
export const PRIORITY_RANK: Record<Priority, number> = { urgent: 0, high: 1, normal: 2, low: 3 };

export const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof weekdays)[number];

const clockTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'times must be written as HH:MM on a 24-hour clock, e.g. 08:00 or 18:00');

/** One opening on one day of the week, in the business time zone: `opens` is before `closes`, both the same day. */
export const openingSchema = z
  .object({
    day: z.enum(weekdays, { message: `day must be one of ${weekdays.join(', ')}` }),
    opens: clockTime,
    closes: clockTime,
  })
  .strict()
  .refine((opening) => opening.opens < opening.closes, 'each opening must close after it opens, on the same day');
export type Opening = z.infer<typeof openingSchema>;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'holiday dates must be written as YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'holiday dates must be real dates');

export const holidaySchema = z
  .object({ date: isoDate, name: singleLine(80, 'holiday name').pipe(z.string().min(1, 'each holiday needs a name')) })
  .strict();
export type Holiday = z.infer<typeof holidaySchema>;

function overlapping(weekly: readonly Opening[]): boolean {
  for (const day of weekdays) {
    const sorted = weekly.filter((opening) => opening.day === day).sort((a, b) => a.opens.localeCompare(b.opens));
    for (let i = 1; i < sorted.length; i++) if (sorted[i]!.opens < sorted[i - 1]!.closes) return true;
  }
  return false;
}

export const businessHoursSchema = z
  .object({
    timeZone: z.string().max(64).refine(isTimeZone, 'timeZone must be a time zone name such as America/Chicago'),
    weekly: z.array(openingSchema).max(28, 'at most 28 openings a week'),
    holidays: z.array(holidaySchema).max(400, 'at most 400 holidays'),
  })
  .strict()
  .refine((hours) => !overlapping(hours.weekly), 'openings on the same day must not overlap')
  .refine(
    (hours) => new Set(hours.holidays.map((holiday) => holiday.date)).size === hours.holidays.length,
    'each holiday date may be listed once',
  );
export type BusinessHours = z.infer<typeof businessHoursSchema>;

/** The spec's opening hours (Mon–Fri 8:00 AM–6:00 PM, Sat 9:00 AM–2:00 PM, Sunday closed), in Central time. */
export const DEFAULT_BUSINESS_HOURS: BusinessHours = {
  timeZone: 'America/Chicago',
  weekly: [
    ...(['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const).map((day) => ({
      day,
      opens: '08:00',
      closes: '18:00',
    })),
    { day: 'saturday', opens: '09:00', closes: '14:00' },
  ],
  holidays: [],
};
