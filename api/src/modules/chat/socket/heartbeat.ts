import type { Logger } from '../../../logger';
import type { ChatConnection } from './connection';
import { recheckSessions, type RoleEnforcer } from './recheck';

/**
 * One heartbeat round over this instance's sockets: a socket that did not
 * answer the previous ping is dropped, the others are pinged, and staff
 * sockets have their session read again (recheck.ts). Changes to sessions and
 * roles reach sockets at once through announcements (decision 079); this
 * round is the safety net for one missed while the event connection was down.
 */
export function createHeartbeat(
  connections: () => Iterable<ChatConnection>,
  logger: Logger,
  enforceRole: RoleEnforcer,
): () => void {
  return () => {
    const staff: ChatConnection[] = [];
    for (const connection of connections()) {
      if (!connection.alive) {
        connection.ws.terminate();
        continue;
      }
      connection.alive = false;
      connection.ws.ping();
      if (connection.isStaffConnection) staff.push(connection);
    }
    void recheckSessions(staff, logger, enforceRole);
  };
}
