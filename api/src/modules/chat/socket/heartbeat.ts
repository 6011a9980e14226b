import type { Logger } from '../../../logger';
import type { ChatConnection } from './connection';
import { recheckSessions, type RoleEnforcer } from './recheck';

/** The longest a heartbeat slice waits for the next: a round of 30 s is done in 30 slices of 1 s. */
const SLICE_MS = 1_000;
const MAX_SLICES = 30;

/** In how many slices a heartbeat round of `roundMs` is spread (1 for rounds of a second or less). */
export function heartbeatSlices(roundMs: number): number {
  return Math.max(1, Math.min(MAX_SLICES, Math.floor(roundMs / SLICE_MS)));
}

/**
 * The heartbeat over this instance's sockets: a socket that did not answer
 * the previous ping is dropped, the others are pinged, and staff sockets have
 * their session read again (recheck.ts). Changes to sessions and roles reach
 * sockets at once through announcements (decision 079); this is the safety
 * net for one missed while the event connection was down.
 *
 * A round is spread over `slices` calls, each one taking the sockets whose id
 * falls in its slice, so that every socket is still pinged once a round but
 * the work (and the pongs that answer it, and the staff sessions read again)
 * is not done all at once: pinging 5,500 sockets in one go held the event loop
 * for 100–180 ms every 30 s, the whole of the chat's delivery tail (issue 31).
 */
export function createHeartbeat(
  connections: () => Iterable<ChatConnection>,
  logger: Logger,
  enforceRole: RoleEnforcer,
  slices = 1,
): () => void {
  let slice = 0;
  return () => {
    const current = slice;
    slice = (slice + 1) % slices;
    const staff: ChatConnection[] = [];
    for (const connection of connections()) {
      if (connection.id % slices !== current) continue;
      if (!connection.alive) {
        connection.ws.terminate();
        continue;
      }
      connection.alive = false;
      connection.ws.ping();
      if (connection.isStaffConnection) staff.push(connection);
    }
    if (staff.length > 0) void recheckSessions(staff, logger, enforceRole);
  };
}
