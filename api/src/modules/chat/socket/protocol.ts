import type { Knex } from 'knex';
import type { RawData } from 'ws';
import type { z } from 'zod';
import {
  CHAT_CLOSE,
  clientFrameSchema,
  type joinFrame,
  type messageFrame,
  type ParsedClientFrame,
  type readFrame,
  type typingFrame,
} from '@shared/schemas/chat-frames';
import { hasPlaceholder, UNFILLED_PLACEHOLDER_MESSAGE } from '@shared/canned-replies';
import { isUuid } from '@shared/schemas/text';
import { findForbiddenText, forbiddenTextMessage } from '@shared/text-rule';
import type { Logger } from '../../../logger';
import { publish } from '../../../live/publish';
import { describeZodIssue } from '../../../middleware/error-handler';
import { mayChat, ownsConversation } from '../chat-access';
import type { ChatConnection } from './connection';
import { CHAT_NOT_ALLOWED, type SocketRegistry } from '../events/socket-registry';
import type { MessageWriter } from '../storage/message-writer';
import { ConversationClosedError, ConversationMissingError, markRead } from '../storage/messages';
import { loadConversation } from '../storage/conversations';

const TOO_FAST = 'You are sending messages too quickly. Please wait a few seconds.';
const CLOSED = 'This conversation has been closed.';
const NOT_FOUND = 'Conversation not found';

export interface ProtocolDeps {
  db: Knex;
  registry: SocketRegistry;
  writer: MessageWriter;
  logger: Logger;
}

/** Ids to echo in an error about an invalid frame, so the client knows which message failed. */
function echoIds(raw: unknown): { conversationId?: string; clientId?: string } {
  if (!raw || typeof raw !== 'object') return {};
  const { conversationId, clientId } = raw as Record<string, unknown>;
  return {
    ...(isUuid(conversationId) ? { conversationId } : {}),
    ...(isUuid(clientId) ? { clientId } : {}),
  };
}

/** A problem with the text of a message frame is `invalid_message` (the composer shows it); any other, `invalid_frame`. */
function errorCodeFor(raw: unknown, field: string): 'invalid_message' | 'invalid_frame' {
  const isMessage = (raw as { type?: unknown } | null)?.type === 'message';
  return isMessage && field === 'message' ? 'invalid_message' : 'invalid_frame';
}

/**
 * Takes one frame off the wire: a socket's frames are handled one at a time,
 * in the order they came (a join completes before the message after it), and
 * a socket that floods is closed before its frames pile up.
 */
export function receiveFrame(deps: ProtocolDeps, connection: ChatConnection, data: RawData, isBinary: boolean): void {
  if (!connection.frameLimit.take()) {
    connection.fail('rate_limited', 'Too many frames: slow down.', CHAT_CLOSE.policy);
    return;
  }
  connection.enqueue(() => handleFrame(deps, connection, data, isBinary));
}

/**
 * Handles one frame. Nothing a client sends can crash the server: bad frames
 * get an error frame, and unexpected failures are logged and answered with
 * "unavailable".
 */
async function handleFrame(deps: ProtocolDeps, connection: ChatConnection, data: RawData, isBinary: boolean) {
  if (!connection.isOpen) return;
  if (isBinary) {
    connection.sendError('invalid_frame', 'Frames must be JSON text');
    return;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(data.toString());
  } catch {
    connection.sendError('invalid_frame', 'Frames must be JSON text');
    return;
  }
  // The edge text rule (decision 070) before the schema: NUL or half a surrogate pair anywhere refuses the frame.
  const forbidden = findForbiddenText(raw);
  if (forbidden !== null) {
    connection.sendError(errorCodeFor(raw, forbidden), forbiddenTextMessage(forbidden), echoIds(raw));
    return;
  }
  const parsed = clientFrameSchema.safeParse(raw);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path[0];
    connection.sendError(
      errorCodeFor(raw, typeof field === 'string' ? field : ''),
      describeZodIssue(parsed.error, 'Invalid frame'),
      echoIds(raw),
    );
    return;
  }
  try {
    await dispatch(deps, connection, parsed.data);
  } catch (err) {
    deps.logger.error({ err, frame: parsed.data.type }, 'chat frame failed');
    connection.sendError('unavailable', 'Something went wrong. Please try again.', echoIds(raw));
  }
}

function dispatch(deps: ProtocolDeps, connection: ChatConnection, frame: ParsedClientFrame): Promise<void> | void {
  switch (frame.type) {
    case 'join':
      return join(deps, connection, frame);
    case 'message':
      return message(deps, connection, frame);
    case 'leave':
      deps.registry.leave(connection, frame.conversationId);
      return;
    case 'typing':
      return typing(deps, connection, frame);
    case 'read':
      return read(deps, connection, frame);
    case 'staff_feed':
      if (requireStaff(connection) && requireChat(connection)) deps.registry.subscribeFeed(connection);
      return;
    case 'staff_events':
      if (requireStaff(connection)) deps.registry.subscribeStaffEvents(connection);
      return;
  }
}

/** Staff only, decided by the account on the server; anyone else is told why and disconnected. */
function requireStaff(connection: ChatConnection): boolean {
  const { user } = connection.participant;
  if (!user) {
    connection.fail('unauthorized', 'Log in with a staff account to answer chats.', CHAT_CLOSE.unauthorized);
    return false;
  }
  if (!user.isStaff) {
    connection.fail('forbidden', 'Staff only', CHAT_CLOSE.forbidden);
    return false;
  }
  return true;
}

/**
 * Staff whose role answers chats (decision 167). Other staff are told why and
 * keep their socket (it carries the staff events their role may see).
 */
function requireChat(connection: ChatConnection, details: { conversationId?: string } = {}): boolean {
  if (mayChat(connection.participant)) return true;
  connection.sendError('forbidden', CHAT_NOT_ALLOWED, details);
  return false;
}

async function join(deps: ProtocolDeps, connection: ChatConnection, frame: z.output<typeof joinFrame>) {
  if (frame.isAdmin && !(requireStaff(connection) && requireChat(connection, { conversationId: frame.conversationId })))
    return;
  const conversation = await loadConversation(deps.db, frame.conversationId);
  if (frame.isAdmin) {
    // A staff console keeps its socket for other conversations.
    if (!conversation) return connection.sendError('not_found', NOT_FOUND, { conversationId: frame.conversationId });
    return deps.registry.join(connection, conversation, 'admin', frame.afterId ?? null);
  }
  // Someone else's conversation and one that does not exist look the same.
  if (!conversation || !ownsConversation(conversation, connection.participant)) {
    connection.fail('not_found', NOT_FOUND, CHAT_CLOSE.notFound, { conversationId: frame.conversationId });
    return;
  }
  await deps.registry.join(connection, conversation, 'visitor', frame.afterId ?? null);
}

async function message(deps: ProtocolDeps, connection: ChatConnection, frame: z.output<typeof messageFrame>) {
  const ids = { conversationId: frame.conversationId, ...(frame.clientId ? { clientId: frame.clientId } : {}) };
  const subscription = connection.subscriptions.get(frame.conversationId);
  if (!subscription) return connection.sendError('not_joined', 'Join the conversation before sending messages.', ids);
  if (frame.senderType !== subscription.role) {
    return connection.sendError('forbidden', `You take part in this conversation as ${subscription.role}.`, ids);
  }
  if (!connection.messageLimit.take()) return connection.sendError('rate_limited', TOO_FAST, ids);
  // A canned reply's placeholder left unfilled never reaches a visitor as braces (decision 188).
  if (subscription.role === 'admin' && hasPlaceholder(frame.message)) {
    return connection.sendError('invalid_message', UNFILLED_PLACEHOLDER_MESSAGE, ids);
  }
  try {
    const stored = await deps.writer.store({
      conversationId: frame.conversationId,
      senderType: subscription.role,
      senderId: connection.participant.user?.id ?? null,
      text: frame.message,
      clientId: frame.clientId ?? null,
      origin: deps.registry.origin(connection),
    });
    // A new message is acknowledged when its event comes back (in order with everything else).
    if (stored.duplicate)
      connection.sendFrame({ type: 'ack', clientId: frame.clientId ?? null, message: stored.message });
  } catch (err) {
    if (err instanceof ConversationClosedError) return connection.sendError('conversation_closed', CLOSED, ids);
    if (err instanceof ConversationMissingError) return connection.sendError('not_found', NOT_FOUND, ids);
    throw err;
  }
}

async function typing(deps: ProtocolDeps, connection: ChatConnection, frame: z.output<typeof typingFrame>) {
  const subscription = connection.subscriptions.get(frame.conversationId);
  if (!subscription) {
    return connection.sendError('not_joined', 'Join the conversation first.', { conversationId: frame.conversationId });
  }
  // Typing notices are a courtesy: beyond the limit they are dropped without complaint.
  if (!connection.typingLimit.take()) return;
  await publish(deps.db, 'chat', {
    kind: 'typing',
    conversationId: frame.conversationId,
    senderType: subscription.role,
    isTyping: frame.isTyping,
    origin: deps.registry.origin(connection),
  });
}

async function read(deps: ProtocolDeps, connection: ChatConnection, frame: z.output<typeof readFrame>) {
  const subscription = connection.subscriptions.get(frame.conversationId);
  if (!subscription) {
    return connection.sendError('not_joined', 'Join the conversation first.', { conversationId: frame.conversationId });
  }
  await markRead(deps.db, {
    conversationId: frame.conversationId,
    readerType: subscription.role,
    upToId: frame.upToId ?? null,
  });
}
