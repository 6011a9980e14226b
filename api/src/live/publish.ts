import type { Knex } from 'knex';
import { liveChannels, type LiveChannel, type LiveEvent, type PublishedChannel } from './channels';

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
export const NOTIFY_MAX_BYTES = 7999;

type Spec<C extends LiveChannel> = {
  decode(payload: string): LiveEvent<C> | null;
  check?(event: LiveEvent<C>): LiveEvent<C>;
  shrink?(event: LiveEvent<C>): LiveEvent<C> | null;
};

const specOf = <C extends LiveChannel>(channel: C) => liveChannels[channel] as unknown as Spec<C>;

/** The NOTIFY payload of an event, replaced by its channel's smaller stand-in when it would not fit. */
export function encodeLiveEvent<C extends PublishedChannel>(channel: C, event: LiveEvent<C>): string {
  const spec = specOf(channel);
  const checked = spec.check ? spec.check(event) : event;
  const payload = JSON.stringify(checked);
  if (Buffer.byteLength(payload) <= NOTIFY_MAX_BYTES) return payload;
  const smaller = spec.shrink?.(checked);
  const fallback = smaller ? JSON.stringify(smaller) : null;
  if (fallback !== null && Buffer.byteLength(fallback) <= NOTIFY_MAX_BYTES) return fallback;
  const kind = typeof checked === 'object' && checked && 'kind' in checked ? ` ${String(checked.kind)}` : '';
  throw new Error(`${channel} event${kind} is too large for NOTIFY (${Buffer.byteLength(payload)} bytes)`);
}

/** An event from a payload on the channel; anything that is not one of its events is ignored (null). */
export function decodeLiveEvent<C extends LiveChannel>(channel: C, payload: string): LiveEvent<C> | null {
  return specOf(channel).decode(payload);
}

/**
 * Announces an event to every instance. Inside a transaction it is delivered
 * on commit, and not at all on rollback: publish in the transaction that
 * makes the change. The only sender of NOTIFY in the code.
 */
export async function publish<C extends PublishedChannel>(
  db: Knex | Knex.Transaction,
  channel: C,
  event: LiveEvent<C>,
): Promise<void> {
  await db.raw('select pg_notify(?, ?)', [liveChannels[channel].name, encodeLiveEvent(channel, event)]);
}

/** Announces several events in one statement, delivered in the order given (as publish, for each). */
export async function publishAll<C extends PublishedChannel>(
  db: Knex | Knex.Transaction,
  channel: C,
  events: readonly LiveEvent<C>[],
): Promise<void> {
  if (events.length === 0) return;
  // unnest returns the payloads in array order, so NOTIFY sends them in that order.
  await db.raw('select pg_notify(?, payload) from unnest(?::text[]) as payload', [
    liveChannels[channel].name,
    events.map((event) => encodeLiveEvent(channel, event)),
  ]);
}
