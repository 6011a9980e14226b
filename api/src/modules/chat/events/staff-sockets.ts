import type { Knex } from 'knex';
import type { ServerFrame } from '@shared/schemas/chat-frames';
import { staffEventPermissions, type StaffEvent } from '@shared/schemas/staff-events';
import type { Logger } from '../../../logger';
import type { ChatConnection } from '../socket/connection';
import { StaffPresence } from '../storage/presence';
import { StaffMemberPresence } from '../storage/staff-presence';

/**
 * The staff side of one instance's sockets (part of the socket registry):
 * the consoles on the staff feed (the chat list), the consoles that asked for
 * staff events, and the presence both make — whether any staff console is
 * online (for visitors) and which staff member has one open (for assignment).
 */
export class StaffSockets {
  private readonly feed = new Set<ChatConnection>();
  /** Sockets that asked for staff events (the live layer's `staff` channel). */
  private readonly staffEvents = new Set<ChatConnection>();
  /** Which staff member has a console (a staff-events socket) open here, and how many (decision 187). */
  private readonly consolesByStaff = new Map<string, number>();
  /** Whether any staff console is connected, on any instance. */
  readonly presence: StaffPresence;
  readonly staffPresence: StaffMemberPresence;

  constructor(
    db: Knex,
    logger: Logger,
    instanceId: string,
    /** Tells this instance's visitors that "staff online" changed. */
    announcePresence: (online: boolean) => void,
  ) {
    this.presence = new StaffPresence(db, logger, instanceId, () => this.feed.size, announcePresence);
    this.staffPresence = new StaffMemberPresence(db, logger, instanceId, () => this.consolesByStaff);
  }

  subscribeFeed(connection: ChatConnection): void {
    if (connection.feed) return;
    connection.feed = true;
    this.feed.add(connection);
    this.presence.report();
  }

  /** Takes the socket off the staff feed; whether it was on it. */
  leaveFeed(connection: ChatConnection): boolean {
    if (!connection.feed) return false;
    connection.feed = false;
    this.feed.delete(connection);
    this.presence.report();
    return true;
  }

  subscribeStaffEvents(connection: ChatConnection): void {
    if (connection.staffEvents) return;
    connection.staffEvents = true;
    this.staffEvents.add(connection);
    this.countConsole(connection, 1);
  }

  /** A socket that closed: off the staff events and the feed. */
  remove(connection: ChatConnection): void {
    if (connection.staffEvents) this.countConsole(connection, -1);
    connection.staffEvents = false;
    this.staffEvents.delete(connection);
    this.leaveFeed(connection);
  }

  /** A staff member's console opened or closed here: their presence is written (when it changed). */
  private countConsole(connection: ChatConnection, delta: 1 | -1): void {
    const userId = connection.accountId;
    if (!userId || !connection.participant.user?.isStaff) return;
    const count = (this.consolesByStaff.get(userId) ?? 0) + delta;
    if (count > 0) this.consolesByStaff.set(userId, count);
    else this.consolesByStaff.delete(userId);
    this.staffPresence.report();
  }

  /** A frame to every console on the staff feed. */
  toFeed(frame: ServerFrame): void {
    if (this.feed.size === 0) return;
    const text = JSON.stringify(frame);
    for (const connection of this.feed) connection.send(text);
  }

  /** A staff event to the sockets whose role may see what it concerns (as the account is now: decision 167). */
  toStaffEvents(event: StaffEvent): void {
    if (this.staffEvents.size === 0) return;
    const permission = staffEventPermissions[event.kind];
    const text = JSON.stringify({ type: 'staff_event', event } satisfies ServerFrame);
    for (const connection of this.staffEvents) {
      if (event.to !== undefined && connection.accountId !== event.to) continue;
      if (connection.participant.user?.may(permission)) connection.send(text);
    }
  }

  /** After the event stream was interrupted: every console reloads its chat list and its other lists. */
  reset(): void {
    this.toFeed({ type: 'feed_reset' });
    const reset = JSON.stringify({ type: 'staff_events_reset' } satisfies ServerFrame);
    for (const connection of this.staffEvents) connection.send(reset);
  }
}
