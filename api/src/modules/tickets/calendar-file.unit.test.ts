import { describe, expect, it } from 'vitest';
import { calendarFile, escapeText, foldLine } from './calendar-file';

describe('calendarFile (RFC 5545)', () => {
  const text = calendarFile({
    uid: 'consultation-1@northstar-it',
    start: new Date('2026-12-01T20:30:00.000Z'),
    end: new Date('2026-12-01T21:30:00.000Z'),
    summary: 'Consultation, with <b>Ada</b>; part 1',
    description: 'Line one\nLine two, with a comma\\and a backslash',
    organizer: { name: 'Northstar "IT"', email: 'hello@example.com' },
    stamp: new Date('2026-11-23T05:00:00.123Z'),
  });
  const lines = text.split('\r\n');

  it('is one VEVENT in a VCALENDAR, CRLF line ends, times in UTC', () => {
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/\n|\r/);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines).toContain('BEGIN:VEVENT');
    expect(lines).toContain('UID:consultation-1@northstar-it');
    expect(lines).toContain('DTSTAMP:20261123T050000Z');
    expect(lines).toContain('DTSTART:20261201T203000Z');
    expect(lines).toContain('DTEND:20261201T213000Z');
    expect(lines).toContain('ORGANIZER;CN="Northstar IT":mailto:hello@example.com');
    expect(lines.at(-2)).toBe('END:VCALENDAR');
  });

  it('escapes text values; markup stays text', () => {
    expect(lines).toContain('SUMMARY:Consultation\\, with <b>Ada</b>\\; part 1');
    expect(text).toContain('DESCRIPTION:Line one\\nLine two\\, with a comma\\\\and a backslash');
    expect(escapeText('a;b,c\\d\r\ne')).toBe('a\\;b\\,c\\\\d\\ne');
  });

  it('folds lines over 75 octets without splitting a character', () => {
    const long = `DESCRIPTION:${'é'.repeat(100)}`;
    const folded = foldLine(long).split('\r\n');
    expect(folded.length).toBeGreaterThan(1);
    for (const part of folded) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    for (const part of folded.slice(1)) expect(part.startsWith(' ')).toBe(true);
    expect(folded.map((part, i) => (i === 0 ? part : part.slice(1))).join('')).toBe(long);
  });
});
