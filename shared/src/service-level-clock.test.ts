import { describe, expect, it } from 'vitest';
import { computeClock, type ClockFacts } from './service-level-clock';
import { DEFAULT_BUSINESS_HOURS as hours } from './schemas/support';

// Hand-computed in Central time (CST = UTC−6 in late November 2026; Mon–Fri 8–18, Sat 9–14).
// The ticket is made on Thursday 26 November at 09:00 CST (15:00Z) with 60 minutes to a first response and 600 to
// a resolution, both in business minutes.
const at = (iso: string) => Date.parse(iso);
const MIN = 60_000;
const ticket: ClockFacts = {
  startedAt: at('2026-11-26T15:00:00Z'),
  firstResponseMinutes: 60,
  resolutionMinutes: 600,
  pausedMs: 0,
  pausedAt: null,
  firstResponseAt: null,
  resolvedAt: null,
  stopped: false,
  storedFirstResponseDueAt: null,
  storedResolutionDueAt: null,
};

describe('service-level clocks', () => {
  it('runs both clocks from the start: at risk at 80 %, due at 100 %', () => {
    const clock = computeClock(hours, ticket, at('2026-11-26T15:10:00Z'));
    // First response: 09:48 (48 minutes) and 10:00 CST.
    // Resolution: 540 minutes on Thursday, then 60 on Friday → Fri 09:00 CST; at risk after 480 → Thu 17:00 CST.
    expect(clock).toEqual({
      firstResponseDueAt: at('2026-11-26T16:00:00Z'),
      resolutionDueAt: at('2026-11-27T15:00:00Z'),
      warningAt: at('2026-11-26T15:48:00Z'),
      breachAt: at('2026-11-26T16:00:00Z'),
      done: false,
      met: false,
    });
  });

  it('pauses while the ticket waits on the client, and the due time moves out by the paused business time', () => {
    const answered = {
      ...ticket,
      firstResponseAt: at('2026-11-26T15:30:00Z'),
      storedFirstResponseDueAt: at('2026-11-26T16:00:00Z'),
    };
    // Waiting on the client since Thu 10:00 CST; now Fri 10:00 CST: 480 + 120 = 600 business minutes paused.
    const paused = computeClock(
      hours,
      { ...answered, pausedAt: at('2026-11-26T16:00:00Z') },
      at('2026-11-27T16:00:00Z'),
    );
    // 600 + 600 business minutes from Thu 09:00: Thu 540, Fri 600 (1140 at Fri 18:00), Sat 09:00 + 60 = 10:00 CST.
    expect(paused).toMatchObject({
      firstResponseDueAt: at('2026-11-26T16:00:00Z'),
      resolutionDueAt: at('2026-11-28T16:00:00Z'),
      warningAt: null,
      breachAt: null,
      done: false,
    });
    // Resumed at that moment: the same due time, at risk after 480 + 600 = 1080 minutes → Fri 17:00 CST.
    const resumed = computeClock(hours, { ...answered, pausedMs: 600 * MIN }, at('2026-11-27T16:00:00Z'));
    expect(resumed).toMatchObject({
      resolutionDueAt: at('2026-11-28T16:00:00Z'),
      warningAt: at('2026-11-27T23:00:00Z'),
      breachAt: at('2026-11-28T16:00:00Z'),
    });
  });

  it('keeps the due time of a clock that ended, and a late answer is a breach at the time it was due', () => {
    const late = computeClock(
      hours,
      {
        ...ticket,
        firstResponseMinutes: 240,
        firstResponseAt: at('2026-11-26T16:30:00Z'),
        storedFirstResponseDueAt: at('2026-11-26T16:00:00Z'),
      },
      at('2026-11-26T16:30:00Z'),
    );
    expect(late.firstResponseDueAt).toBe(at('2026-11-26T16:00:00Z'));
    expect(late.breachAt).toBe(at('2026-11-26T16:00:00Z'));
    expect(late.met).toBe(false);
  });

  it('is met when answered and completed in time, and stops without a result when cancelled', () => {
    const met = computeClock(
      hours,
      {
        ...ticket,
        firstResponseAt: at('2026-11-26T15:30:00Z'),
        resolvedAt: at('2026-11-26T22:00:00Z'),
        storedFirstResponseDueAt: at('2026-11-26T16:00:00Z'),
        storedResolutionDueAt: at('2026-11-27T15:00:00Z'),
      },
      at('2026-11-26T22:00:00Z'),
    );
    expect(met).toMatchObject({ done: true, met: true, warningAt: null, breachAt: null });
    const cancelled = computeClock(hours, { ...ticket, stopped: true }, at('2026-11-26T15:30:00Z'));
    expect(cancelled).toMatchObject({ done: true, met: false, warningAt: null, breachAt: null });
  });

  it('starts a chat opened on Sunday at Monday’s opening', () => {
    const chat = computeClock(
      hours,
      { ...ticket, startedAt: at('2026-11-29T17:00:00Z'), firstResponseMinutes: 10, resolutionMinutes: null },
      at('2026-11-29T17:00:00Z'),
    );
    // Monday 30 Nov 08:00 CST is 14:00Z: at risk at 08:08, due at 08:10.
    expect(chat).toEqual({
      firstResponseDueAt: at('2026-11-30T14:10:00Z'),
      resolutionDueAt: null,
      warningAt: at('2026-11-30T14:08:00Z'),
      breachAt: at('2026-11-30T14:10:00Z'),
      done: false,
      met: false,
    });
  });
});
