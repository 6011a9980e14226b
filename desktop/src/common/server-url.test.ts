import { describe, expect, it } from 'vitest';
import { chatSocketUrl } from '@shared/chat-socket';
import { serverUrlSchema } from './server-url';

describe('server address', () => {
  it.each([
    ['https://www.example.com', 'https://www.example.com'],
    ['  https://www.example.com/shop?x=1#top ', 'https://www.example.com'],
    ['https://support.example.com:8443/', 'https://support.example.com:8443'],
    ['http://localhost:3000', 'http://localhost:3000'],
    ['http://127.0.0.1:3000/admin', 'http://127.0.0.1:3000'],
    ['http://[::1]:3000', 'http://[::1]:3000'],
  ])('takes %j as the origin %j', (input, origin) => {
    expect(serverUrlSchema.parse(input)).toBe(origin);
  });

  it.each([
    ['', 'Enter the address of your Northstar server'],
    ['www.example.com', 'Enter a full address such as https://www.example.com'],
    ['ftp://example.com', 'The address must start with https://'],
    ['file:///etc/passwd', 'The address must start with https://'],
    ['javascript:alert(1)', 'The address must start with https://'],
    ['ws://example.com', 'The address must start with https://'],
    ['http://example.com', 'Use https:// for a server on another computer (http:// only works for this computer)'],
    [
      'http://192.168.1.10:3000',
      'Use https:// for a server on another computer (http:// only works for this computer)',
    ],
    ['https://user:secret@example.com', 'The address must not contain a user name or password'],
    ['<img src=x onerror=alert(1)>', 'Enter a full address such as https://www.example.com'],
    [`https://${'a'.repeat(2100)}.com`, 'This address is too long'],
  ])('refuses %j', (input, message) => {
    const result = serverUrlSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('refuses what is not a string', () => {
    for (const value of [null, 42, {}, ['https://example.com']])
      expect(serverUrlSchema.safeParse(value).success).toBe(false);
  });

  it('derives the chat socket URL', () => {
    expect(chatSocketUrl('https://www.example.com')).toBe('wss://www.example.com/ws/chat');
    expect(chatSocketUrl('http://localhost:3000')).toBe('ws://localhost:3000/ws/chat');
  });
});
