import { describe, expect, it } from 'vitest';
import { participantOf } from './chat-access';

describe('participantOf', () => {
  it('keeps a session visitor id that is a UUID', () => {
    const visitorId = '5b0f7f3e-2a4c-4c7e-9d52-0d6d7a1f9b10';
    expect(participantOf(null, visitorId)).toEqual({ user: null, visitorId });
  });

  it('treats anything else in the session as no visitor id', () => {
    for (const visitorId of [undefined, null, '', 'not-a-uuid', 42, '5b0f7f3e-2a4c-4c7e-9d52-0d6d7a1f9b1']) {
      expect(participantOf(null, visitorId).visitorId).toBeNull();
    }
  });
});
