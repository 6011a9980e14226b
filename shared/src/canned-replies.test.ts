import { describe, expect, it } from 'vitest';
import { fillCannedReply, hasPlaceholder, matchCannedReplies, placeholdersIn, slashQueryAt } from './canned-replies';

describe('canned replies', () => {
  it('finds the /shortcut being typed at the cursor, only at a word start', () => {
    expect(slashQueryAt('/than', 5)).toEqual({ start: 0, query: 'than' });
    expect(slashQueryAt('Hi there\n/', 10)).toEqual({ start: 9, query: '' });
    expect(slashQueryAt('see a/b', 7)).toBeNull();
    expect(slashQueryAt('/thanks and more', 16)).toBeNull();
    expect(slashQueryAt('x /ok y', 5)).toEqual({ start: 2, query: 'ok' });
  });

  it('fills known variables and lists what it could not fill', () => {
    expect(
      fillCannedReply('Hi {{ customer.firstName }}, {{order.number}} {{weird}}', { 'customer.firstName': 'Ann' }),
    ).toEqual({
      text: 'Hi Ann, {{order.number}} {{weird}}',
      unfilled: ['order.number', 'weird'],
    });
    expect(placeholdersIn('a {{x}} b {{x}} {{}}')).toEqual(['x', '']);
    expect(hasPlaceholder('a { not } one')).toBe(false);
    expect(hasPlaceholder('{{ }}')).toBe(true);
  });

  it('orders matches: shortcut prefix first, then shortcut or title containing the text', () => {
    const replies = [
      { shortcut: 'refund', title: 'Refund sent' },
      { shortcut: 'thanks', title: 'Thank you' },
      { shortcut: 'hours', title: 'Our opening hours' },
    ];
    expect(matchCannedReplies(replies, 'h').map((r) => r.shortcut)).toEqual(['hours', 'thanks']);
    expect(matchCannedReplies(replies, 'open').map((r) => r.shortcut)).toEqual(['hours']);
    expect(matchCannedReplies(replies, '')).toHaveLength(3);
  });
});
