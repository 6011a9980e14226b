import { describe, expect, it } from 'vitest';
import { chatReplyDue, formatSpan, slaSummary } from './sla';

const now = Date.parse('2026-11-26T15:00:00Z');
const open = {
  slaState: 'on_track' as const,
  slaPaused: false,
  firstResponseAt: null,
  firstResponseDueAt: '2026-11-26T16:05:00.000Z',
  resolvedAt: null,
  resolutionDueAt: '2026-11-27T15:00:00.000Z',
};

describe('a ticket’s service level in the console', () => {
  it('shows the time left to the first response, then to the resolution', () => {
    expect(slaSummary(open, now)).toEqual({
      state: 'on_track',
      label: 'On track',
      variant: 'default',
      text: '1 h 5 min left',
    });
    expect(slaSummary({ ...open, firstResponseAt: '2026-11-26T14:00:00.000Z' }, now)?.text).toBe('1 d left');
  });

  it('shows how long a breached target is overdue, and a paused or met clock as such', () => {
    expect(slaSummary({ ...open, slaState: 'breached', firstResponseDueAt: '2026-11-26T14:48:00.000Z' }, now)).toEqual({
      state: 'breached',
      label: 'Breached',
      variant: 'danger',
      text: 'Overdue by 12 min',
    });
    expect(slaSummary({ ...open, slaState: 'at_risk', slaPaused: true }, now)?.text).toBe(
      'Clock paused while waiting on the client',
    );
    expect(slaSummary({ ...open, slaState: 'met', resolvedAt: '2026-11-26T14:00:00.000Z' }, now)?.label).toBe('Met');
    expect(slaSummary({ ...open, slaState: null }, now)).toBeNull();
  });

  it('writes spans in days, hours and minutes', () => {
    expect(formatSpan(30_000)).toBe('under a minute');
    expect(formatSpan(-45 * 60_000)).toBe('45 min');
    expect(formatSpan(2 * 3_600_000)).toBe('2 h');
    expect(formatSpan(3 * 86_400_000 + 2 * 3_600_000 + 59_000)).toBe('3 d 2 h');
  });

  it('shows a chat’s time to its first reply until it is answered', () => {
    const chat = { status: 'active', slaState: 'at_risk' as const, firstResponseDueAt: '2026-11-26T15:02:00.000Z' };
    expect(chatReplyDue(chat, now)).toEqual({ overdue: false, text: 'Reply due in 2 min' });
    expect(
      chatReplyDue({ ...chat, slaState: 'breached', firstResponseDueAt: '2026-11-26T14:00:00.000Z' }, now),
    ).toEqual({
      overdue: true,
      text: 'Reply overdue by 1 h',
    });
    expect(chatReplyDue({ ...chat, slaState: 'met' }, now)).toBeNull();
    expect(chatReplyDue({ ...chat, status: 'closed' }, now)).toBeNull();
  });

  it('says a breached chat answered since was answered late, not that its reply is still overdue', () => {
    const breached = {
      status: 'active',
      slaState: 'breached' as const,
      firstResponseDueAt: '2026-11-26T14:00:00.000Z',
    };
    expect(chatReplyDue(breached, now)?.text).toBe('Reply overdue by 1 h');
    expect(chatReplyDue({ ...breached, firstResponseAt: '2026-11-26T14:30:00.000Z' }, now)).toEqual({
      overdue: true,
      text: 'Answered late',
    });
  });
});
