import { describe, expect, it } from 'vitest';
import { newestOlderPager, twoWayPager } from './console-list';
import { changedParams, type ListParamChanges } from './list-params';

describe('changedParams', () => {
  it('sets the keys given, removes those given as null or empty, and keeps the others', () => {
    const current = new URLSearchParams('q=printer&status=paid&cursor=abc');
    const next = changedParams(current, { status: 'shipped', cursor: null, q: '', from: '2026-11-01' });
    expect(next.toString()).toBe('status=shipped&from=2026-11-01');
  });

  it('leaves the current query as it was', () => {
    const current = new URLSearchParams('q=printer');
    changedParams(current, { q: null, id: '7' });
    expect(current.toString()).toBe('q=printer');
  });

  it('keeps a value with characters the URL must escape', () => {
    const next = changedParams(new URLSearchParams(), { q: 'a&b=c ü' });
    expect(new URLSearchParams(next.toString()).get('q')).toBe('a&b=c ü');
  });
});

/** A navigate that records what the pager asks for. */
function recorder() {
  const calls: ListParamChanges[] = [];
  return { calls, navigate: (changes: ListParamChanges) => void calls.push(changes) };
}

describe('twoWayPager', () => {
  it('moves to the page before or after by its cursor', () => {
    const { calls, navigate } = recorder();
    const pages = twoWayPager(navigate, { prevCursor: 'p1', nextCursor: 'n1' });
    expect([pages.previous.label, pages.next.label]).toEqual(['Previous page', 'Next page']);
    pages.previous.go?.();
    pages.next.go?.();
    expect(calls).toEqual([{ cursor: 'p1' }, { cursor: 'n1' }]);
  });

  it('disables a direction without a cursor', () => {
    const { navigate } = recorder();
    const first = twoWayPager(navigate, { prevCursor: null, nextCursor: 'n1' });
    expect(first.previous.go).toBeNull();
    const last = twoWayPager(navigate, { prevCursor: 'p1', nextCursor: null });
    expect(last.next.go).toBeNull();
  });
});

describe('newestOlderPager', () => {
  it('goes back to the newest page by removing the cursor, and on by the next one', () => {
    const { calls, navigate } = recorder();
    const pages = newestOlderPager(navigate, 'c2', 'c3');
    pages.previous.go?.();
    pages.next.go?.();
    expect(calls).toEqual([{ cursor: null }, { cursor: 'c3' }]);
    expect([pages.previous.label, pages.next.label]).toEqual(['Newest', 'Older']);
  });

  it('offers Newest only away from the first page, Older only when there is more', () => {
    const { navigate } = recorder();
    const first = newestOlderPager(navigate, null, 'c2');
    expect(first.previous.go).toBeNull();
    expect(first.next.go).not.toBeNull();
    const end = newestOlderPager(navigate, 'c9', null);
    expect(end.next.go).toBeNull();
  });

  it('uses the cursor key and label given, and empties the keys a move closes', () => {
    const { calls, navigate } = recorder();
    const pages = newestOlderPager(navigate, 'b1', 'b2', { key: 'before', older: 'Older mail', alsoClear: ['mail'] });
    expect(pages.next.label).toBe('Older mail');
    pages.next.go?.();
    pages.previous.go?.();
    expect(calls).toEqual([
      { before: 'b2', mail: null },
      { before: null, mail: null },
    ]);
  });
});
