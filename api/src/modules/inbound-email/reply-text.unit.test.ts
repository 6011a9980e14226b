import { readFileSync } from 'node:fs';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { cleanText, replyText } from './reply-text';

/** The fixtures are hand-written in the shapes each mail program gives replies (fixtures/README.md). */
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('replyText: the new text of an emailed reply (decision 197)', () => {
  it('Gmail: keeps the reply and its sign-off, drops "On … wrote:" and the quote', () => {
    expect(replyText(fixture('gmail.txt'), 5000)).toBe('Thanks, Tuesday at 10 works for us.\n\nBest,\nDana');
  });

  it('Gmail with the attribution wrapped over two lines', () => {
    expect(replyText(fixture('gmail-wrapped.txt'), 5000)).toBe('Yes, please go ahead with the replacement.');
  });

  it('Outlook: the From/Sent/To/Subject block and the unquoted original below it are dropped', () => {
    const text = replyText(fixture('outlook.txt'), 5000);
    expect(text).toContain('The printer is still offline after the restart.');
    expect(text).not.toContain('Please restart the printer');
    expect(text).not.toContain('From:');
  });

  it('Outlook: -----Original Message----- and everything under it are dropped', () => {
    expect(replyText(fixture('outlook-original-message.txt'), 5000)).toBe('Attached is the photo of the error screen.');
  });

  it('Apple Mail: "Sent from my iPhone" and the quoted attribution are dropped', () => {
    expect(replyText(fixture('apple-mail.txt'), 5000)).toBe('Perfect, see you then.');
  });

  it('plain > quoting answered inline keeps every answer and drops the quotes and the signature', () => {
    const text = replyText(fixture('plain-quoted.txt'), 5000);
    expect(text).toContain('Version 12.4, on three machines.');
    expect(text).toContain('Yes, in the back office.');
    expect(text).not.toContain('>');
    expect(text).not.toContain('Pat Jones');
  });

  it('bottom posting: the answer under the quote, without the "Sam wrote:" line', () => {
    expect(replyText(fixture('bottom-posting.txt'), 5000)).toBe('It is, but please deliver after 2 pm.');
  });

  it('a "-- " signature is dropped', () => {
    expect(replyText(fixture('signature-dashes.txt'), 5000)).toBe('Please call me back tomorrow morning.');
  });

  it('an HTML-only message becomes text, its Gmail quote dropped', async () => {
    const parsed = await simpleParser(fixture('html-only.eml'));
    expect(parsed.text).toBeTruthy();
    expect(replyText(parsed.text ?? '', 5000)).toBe('Thursday morning is better for us.');
  });

  it('a reply that is nothing but a quote keeps the whole text rather than nothing', () => {
    expect(replyText('> only the quote\n> nothing new', 5000)).toBe('> only the quote\n> nothing new');
  });

  it('never gives back control characters, NULs or lone surrogates, and is cut to the length given', () => {
    expect(cleanText('a\u0000b\u0007c\r\nd\ud800e')).toBe('abc\nd\ufffde');
    const long = replyText('x'.repeat(6000), 5000);
    expect(long).toHaveLength(5000);
    expect(long.endsWith('…')).toBe(true);
  });
});
