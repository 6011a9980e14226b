import { describe, expect, it } from 'vitest';
import { initialsOf } from './message-list';

describe('initialsOf (the avatar of a staff reply in the widget)', () => {
  it.each([
    ['Sam', 'S'],
    ['mary ann', 'MA'],
    ['  Jean-Luc  Picard  Jr ', 'JJ'],
    ['Łukasz', 'Ł'],
    ['', '?'],
  ])('%j → %s', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});
