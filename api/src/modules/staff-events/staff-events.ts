import type { Knex } from 'knex';
import { staffEventSchema, type StaffEvent } from '@shared/schemas/staff-events';

/**
 * The live staff event path (decision 100): a change that staff consoles
 * should see (an order paid, an enquiry received, …) is announced on this
 * PostgreSQL channel inside the transaction that made it, so it is delivered
 * only once committed, to every instance. Each instance's chat server listens
 * (chat/socket/server.ts) and sends it to its staff sockets that asked for
 * staff events, as a `staff_event` frame.
 */
export const STAFF_CHANNEL = 'northstar_staff';

/** Announces a staff event; inside a transaction it is delivered on commit, and not at all on rollback. */
export async function publishStaffEvent(db: Knex | Knex.Transaction, event: StaffEvent): Promise<void> {
  await db.raw('select pg_notify(?, ?)', [STAFF_CHANNEL, JSON.stringify(staffEventSchema.parse(event))]);
}

/** A payload from the channel; anything that is not a staff event is ignored (null). */
export function decodeStaffEvent(payload: string): StaffEvent | null {
  try {
    const parsed = staffEventSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
