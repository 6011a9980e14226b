import { describe, expect, it } from 'vitest';
import { findForbiddenText, forbiddenTextMessage, hasForbiddenCharacter } from './text-rule';

describe('the text rule', () => {
  it('refuses NUL and lone surrogates, anywhere in a string', () => {
    expect(hasForbiddenCharacter('a\u0000b')).toBe(true);
    expect(hasForbiddenCharacter('\u0000')).toBe(true);
    expect(hasForbiddenCharacter('ab\ud800')).toBe(true);
    expect(hasForbiddenCharacter('\ud800x')).toBe(true);
    expect(hasForbiddenCharacter('x\udc00')).toBe(true);
    expect(hasForbiddenCharacter('\udc00\ud800')).toBe(true);
  });

  it('accepts every other character, surrogate pairs and control characters included', () => {
    expect(hasForbiddenCharacter('Zoë 🚀 山田')).toBe(false);
    expect(hasForbiddenCharacter('\ud83d\ude80')).toBe(false);
    expect(hasForbiddenCharacter('tab\tnew\nline\u001b\u007f')).toBe(false);
    expect(hasForbiddenCharacter('\ufffd')).toBe(false);
    expect(hasForbiddenCharacter('')).toBe(false);
  });

  it('names the first bad value or key in a parsed body', () => {
    expect(findForbiddenText({ username: 'a\u0000b', password: 'x' })).toBe('username');
    expect(findForbiddenText({ a: 'ok', items: [{ name: 'ok' }, { name: 'b\ud800' }] })).toBe('items.1.name');
    expect(findForbiddenText({ ['k\u0000']: 1 })).toBe('k\\u0000');
    expect(findForbiddenText({ ['k\udc00']: 1 })).toBe('k\\udc00');
    expect(findForbiddenText('\u0000')).toBe('');
    expect(findForbiddenText({ a: 1, b: null, c: true, d: ['x', { e: 'é' }] })).toBeNull();
    expect(findForbiddenText(undefined)).toBeNull();
  });

  it('walks any depth without overflowing the stack', () => {
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 50_000; i += 1) deep = [deep];
    expect(findForbiddenText(deep)).toMatch(/^0(\.0)*$/);
  });

  it('words the answer like the schemas do', () => {
    expect(forbiddenTextMessage('username')).toBe('username: contains invalid characters');
    expect(forbiddenTextMessage('')).toBe('The request contains invalid characters');
  });
});
