import { describe, expect, it } from 'vitest';
import { CHAT_SOCKET_PATH, chatSocketUrl } from './chat-socket';

describe('chatSocketUrl', () => {
  it('is the chat path on the origin, wss:// for https and ws:// for http', () => {
    expect(CHAT_SOCKET_PATH).toBe('/ws/chat');
    expect(chatSocketUrl('https://www.example.com')).toBe('wss://www.example.com/ws/chat');
    expect(chatSocketUrl('http://localhost:3000')).toBe('ws://localhost:3000/ws/chat');
  });
});
