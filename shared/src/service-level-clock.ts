import { addBusinessMinutes, businessMillisecondsBetween } from './business-time';
import type { BusinessHours } from './schemas/support';
import { AT_RISK_SHARE } from './schemas/sla-states';

/**
 * One item's service-level clocks, worked out from its facts (decision 192):
 * a first-response clock (tickets and chats) and a resolution clock (tickets),
 * both started when the item was made, running only in business hours, and
 * pushed out by the business time the ticket spent waiting on the client.
 * A clock ends when staff first answer publicly (first response) or the ticket
 * is completed (resolution; completing a ticket nobody answered ends its
 * first-response clock too). A due time is kept once its clock has ended, so a
 * later change of priority or hours does not rewrite what happened.
 *
 * Pure: the API stores the answer and announces warnings and breaches; the
 * unit tests check it against hand-computed cases.
 */
export interface ClockFacts {
  startedAt: number;
  firstResponseMinutes: number;
  /** Null for chats (no resolution promise). */
  resolutionMinutes: number | null;
  /** Business milliseconds of finished pauses. */
  pausedMs: number;
  /** When the current pause (waiting on the client) began, or null when the clock runs. */
  pausedAt: number | null;
  firstResponseAt: number | null;
  resolvedAt: number | null;
  /** Cancelled ticket or closed chat: running clocks stop without a result. */
  stopped: boolean;
  /** The due times stored before: kept for a clock that has ended. */
  storedFirstResponseDueAt: number | null;
  storedResolutionDueAt: number | null;
}

export interface ClockResult {
  firstResponseDueAt: number | null;
  resolutionDueAt: number | null;
  /** The earliest instant a running clock has used 80 % of its target (null when none runs, or paused). */
  warningAt: number | null;
  /** The earliest due time missed or still to be missed (a clock ended late, or a running one's due). */
  breachAt: number | null;
  /** No clock runs any more (all ended, or the item stopped). */
  done: boolean;
  /** Every clock ended within its target. */
  met: boolean;
}

interface Clock {
  due: number | null;
  warning: number | null;
  endedAt: number | null;
}

export function pausedMillisecondsAt(hours: BusinessHours, facts: ClockFacts, now: number): number {
  return facts.pausedMs + (facts.pausedAt === null ? 0 : businessMillisecondsBetween(hours, facts.pausedAt, now));
}

export function computeClock(hours: BusinessHours, facts: ClockFacts, now: number): ClockResult {
  const paused = pausedMillisecondsAt(hours, facts, now) / 60_000;
  const after = (minutes: number) => addBusinessMinutes(hours, facts.startedAt, minutes + paused);

  const firstResponseEnd = facts.firstResponseAt ?? facts.resolvedAt;
  const clocks: Clock[] = [
    {
      due:
        firstResponseEnd !== null && facts.storedFirstResponseDueAt !== null
          ? facts.storedFirstResponseDueAt
          : after(facts.firstResponseMinutes),
      warning: after(facts.firstResponseMinutes * AT_RISK_SHARE),
      endedAt: firstResponseEnd,
    },
  ];
  if (facts.resolutionMinutes !== null) {
    clocks.push({
      due:
        facts.resolvedAt !== null && facts.storedResolutionDueAt !== null
          ? facts.storedResolutionDueAt
          : after(facts.resolutionMinutes),
      warning: after(facts.resolutionMinutes * AT_RISK_SHARE),
      endedAt: facts.resolvedAt,
    });
  }

  let warningAt: number | null = null;
  let breachAt: number | null = null;
  const earliest = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));
  let running = false;
  let met = true;
  for (const clock of clocks) {
    if (clock.endedAt !== null) {
      if (clock.due !== null && clock.endedAt > clock.due) {
        met = false;
        breachAt = earliest(breachAt, clock.due);
      }
      continue;
    }
    met = false;
    if (facts.stopped) continue;
    running = true;
    // A paused clock neither warns nor breaches; its due time still moves out as the pause lasts.
    if (facts.pausedAt !== null) continue;
    warningAt = earliest(warningAt, clock.warning);
    breachAt = earliest(breachAt, clock.due);
  }
  return {
    firstResponseDueAt: clocks[0]!.due,
    resolutionDueAt: clocks[1]?.due ?? null,
    warningAt,
    breachAt,
    done: !running,
    met,
  };
}
