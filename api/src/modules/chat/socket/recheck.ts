import { CHAT_CLOSE } from '@shared/schemas/chat-frames';
import type { Logger } from '../../../logger';
import { isStaff, type ChatParticipant } from '../chat-access';
import type { ChatConnection } from './connection';
import { SESSION_ENDED } from './credentials';

const STAFF_SESSION_ENDED = 'Your staff session has ended. Please log in again.';
const NO_LONGER_STAFF = 'Your account no longer has staff access.';

/** Applied to a socket after its account was read again: takes away what its role no longer allows (the socket registry's). */
export type RoleEnforcer = (connection: ChatConnection) => void;

/** Acts on a fresh reading of a socket's session. */
function applyCheck(connection: ChatConnection, participant: ChatParticipant | null, enforceRole: RoleEnforcer): void {
  if (!connection.isOpen) return;
  const staffSocket = connection.isStaffConnection;
  // Logged out, ended, expired, or (never expected) bound to another account since.
  if (!participant || (participant.user?.id ?? null) !== connection.accountId) {
    connection.fail('unauthorized', staffSocket ? STAFF_SESSION_ENDED : SESSION_ENDED, CHAT_CLOSE.unauthorized);
    return;
  }
  if (staffSocket && !isStaff(participant)) {
    connection.fail('forbidden', NO_LONGER_STAFF, CHAT_CLOSE.forbidden);
    return;
  }
  connection.participant = participant;
  enforceRole(connection);
}

/**
 * Reads sockets' sessions again, now (decision 079): a socket whose session
 * has ended is closed with 4401, a staff socket (staff feed, or a conversation
 * joined as staff) whose account is no longer staff with 4403, and any other
 * socket goes on with its account as it is now, keeping only what its role
 * allows (`enforceRole`: a demoted staff member's socket leaves the chats at
 * once, and staff events are filtered by the role as it is now). Sockets that share credentials
 * (a console in several tabs) share one reading. A reading that fails (the
 * database away) leaves the socket as it was; the heartbeat reads staff
 * sockets again later.
 */
export async function recheckSessions(
  connections: Iterable<ChatConnection>,
  logger: Logger,
  enforceRole: RoleEnforcer,
): Promise<void> {
  const readings = new Map<string, Promise<ChatParticipant | null>>();
  const done: Promise<void>[] = [];
  for (const connection of connections) {
    const { key } = connection.credentials;
    let reading = readings.get(key);
    if (!reading) {
      reading = connection.credentials.revalidate();
      readings.set(key, reading);
    }
    done.push(
      reading.then(
        (participant) => applyCheck(connection, participant, enforceRole),
        (err: unknown) => logger.warn({ err, connection: connection.id }, 'could not check a chat session again'),
      ),
    );
  }
  await Promise.all(done);
}
