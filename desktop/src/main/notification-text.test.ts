import { describe, expect, it } from 'vitest';
import { BODY_MAX, bodyForPlatform, notificationText, plainText, TITLE_MAX } from './notification-text';

describe('notification text', () => {
  it('is one line: control characters and runs of spaces become one space', () => {
    expect(plainText('  Hello\n\nthere\t\u0000friend\u2028!  ', 100)).toBe('Hello there friend !');
  });

  it('is cut to length on whole characters, with an ellipsis', () => {
    const long = 'word '.repeat(100);
    const cut = plainText(long, BODY_MAX);
    expect(Array.from(cut)).toHaveLength(BODY_MAX);
    expect(cut.endsWith('…')).toBe(true);
    const emoji = plainText('😀'.repeat(200), 10);
    expect(Array.from(emoji)).toEqual([...Array(9).fill('😀'), '…']);
    expect(plainText('exactly', 7)).toBe('exactly');
  });

  it('shows HTML as the text the visitor typed', () => {
    const typed = '<img src=x onerror="alert(1)"> <b>Bold</b> & co';
    // Linux notification servers read markup: escaped there, so it shows literally.
    expect(bodyForPlatform(typed, 'linux')).toBe(
      '&lt;img src=x onerror="alert(1)"&gt; &lt;b&gt;Bold&lt;/b&gt; &amp; co',
    );
    // Windows and macOS show plain text as it is.
    expect(bodyForPlatform(typed, 'win32')).toBe(typed);
    expect(bodyForPlatform(typed, 'darwin')).toBe(typed);
  });

  it('builds the title and body for a platform', () => {
    const text = notificationText('x'.repeat(200), 'a <b>\nmessage', 'linux');
    expect(Array.from(text.title)).toHaveLength(TITLE_MAX);
    expect(text.body).toBe('a &lt;b&gt; message');
  });
});
