import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../logger';
import type { ChatConnection } from './connection';
import { createHeartbeat, heartbeatSlices } from './heartbeat';

/** A socket as the heartbeat sees it: it counts pings and whether it was terminated. */
function socket(id: number) {
  const calls = { pings: 0, terminated: false };
  const connection = {
    id,
    alive: true,
    isStaffConnection: false,
    ws: {
      ping: () => void (calls.pings += 1),
      terminate: () => void (calls.terminated = true),
    },
  };
  return { connection: connection as unknown as ChatConnection, calls };
}

const logger = createLogger('silent');

describe('the chat heartbeat', () => {
  it('spreads a 30 s round over 30 slices of a second; short rounds (tests) stay whole', () => {
    expect(heartbeatSlices(30_000)).toBe(30);
    expect(heartbeatSlices(3_600_000)).toBe(30);
    expect(heartbeatSlices(5_000)).toBe(5);
    expect(heartbeatSlices(400)).toBe(1);
  });

  it('pings each socket once a round, a thirtieth of them at a time', () => {
    const sockets = Array.from({ length: 300 }, (_, i) => socket(i + 1));
    const beat = createHeartbeat(
      () => sockets.map((s) => s.connection),
      logger,
      () => {},
      30,
    );
    beat();
    expect(sockets.filter((s) => s.calls.pings === 1)).toHaveLength(10);
    for (let i = 1; i < 30; i += 1) beat();
    expect(sockets.every((s) => s.calls.pings === 1)).toBe(true);
  });

  it('drops a socket that did not answer its ping when its turn comes again (a round later), not before', () => {
    const sockets = Array.from({ length: 60 }, (_, i) => socket(i + 1));
    const beat = createHeartbeat(
      () => sockets.map((s) => s.connection),
      logger,
      () => {},
      30,
    );
    for (let i = 0; i < 30; i += 1) beat();
    // Every socket but one answered (ws sets alive again on its pong); the silent one's turn is the round's last.
    const silent = sockets[28]!; // id 29: slice 29
    for (const s of sockets) if (s !== silent) s.connection.alive = true;
    for (let i = 0; i < 29; i += 1) beat();
    expect(silent.calls.terminated).toBe(false);
    beat();
    expect(silent.calls.terminated).toBe(true);
    expect(sockets.filter((s) => s !== silent).every((s) => !s.calls.terminated && s.calls.pings === 2)).toBe(true);
  });
});
