import { CHAT_CLOSE } from '@shared/schemas/chat-frames';
import type { Logger } from '../../../logger';
import { isStaff, type ChatParticipant } from '../chat-access';
import type { ChatConnection } from './connection';

/**
 * One heartbeat round over this instance's sockets: a socket that did not
 * answer the previous ping is dropped, the others are pinged, and staff
 * sockets have their account checked again (logged out or no longer staff:
 * the socket is closed). Sockets of one session (a console in several tabs)
 * share one check.
 */
export function createHeartbeat(connections: () => Iterable<ChatConnection>, logger: Logger): () => void {
  const recheckStaff = async (connection: ChatConnection, check: Promise<ChatParticipant | null>) => {
    try {
      const participant = await check;
      if (participant && isStaff(participant)) {
        connection.participant = participant;
        return;
      }
      connection.fail('unauthorized', 'Your staff session has ended. Please log in again.', CHAT_CLOSE.unauthorized);
    } catch (err) {
      logger.warn({ err }, 'could not recheck a staff chat session');
    }
  };

  return () => {
    const checks = new Map<string, Promise<ChatParticipant | null>>();
    for (const connection of connections()) {
      if (!connection.alive) {
        connection.ws.terminate();
        continue;
      }
      connection.alive = false;
      connection.ws.ping();
      if (!connection.isStaffConnection) continue;
      const { key } = connection.credentials;
      let check = checks.get(key);
      if (!check) {
        check = connection.credentials.revalidate();
        checks.set(key, check);
      }
      void recheckStaff(connection, check);
    }
  };
}
