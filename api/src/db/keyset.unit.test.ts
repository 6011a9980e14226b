import { describe, expect, it } from 'vitest';
import { pageCursor, readPageCursor, writePageCursor } from '@shared/schemas/page-cursor';
import { decodeCursor, pageOf } from './keyset';

const ID = '0b7c1f4e-2d1a-4c3b-9a8e-5f6d7c8b9a01';
const b64 = (text: string) => Buffer.from(text).toString('base64url');
const rows = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: ID.replace(/01$/, String(10 + i)), createdMicros: String(9000 - i) }));

describe('page cursors (decision 164)', () => {
  it('writes one opaque format for both directions, as Node writes base64url, and reads it back', () => {
    const older = { direction: 'older', micros: '1764150000123456', id: ID } as const;
    const newer = { direction: 'newer', micros: '12', id: ID } as const;
    expect(writePageCursor(older)).toBe(b64(`o.1764150000123456.${ID}`));
    expect(writePageCursor(newer)).toBe(b64(`n.12.${ID}`));
    expect(readPageCursor(writePageCursor(older))).toEqual(older);
    expect(readPageCursor(writePageCursor(newer))).toEqual(newer);
  });

  it("still reads the tickets' and enquiries' plain cursors from before, as reading older", () => {
    expect(readPageCursor(`1764150000000.${ID}`)).toEqual({ direction: 'older', micros: '1764150000000', id: ID });
  });

  it.each(['abc', 'page-2', `n12.${ID}`, `12.${ID.toUpperCase()}`, b64('o.12.nope'), b64(`x.12.${ID}`), '***'])(
    'answers 400 naming the field for %s',
    (text) => {
      expect(readPageCursor(text)).toBeNull();
      expect(() => decodeCursor(text, 'before')).toThrow(
        expect.objectContaining({ status: 400, message: 'before: Invalid cursor' }),
      );
    },
  );

  it('lets only the two shapes through the query schema', () => {
    expect(pageCursor.safeParse(`12.${ID}`).success).toBe(true);
    expect(pageCursor.safeParse(b64(`o.12.${ID}`)).success).toBe(true);
    expect(pageCursor.safeParse('not a cursor!').success).toBe(false);
    expect(pageCursor.safeParse('a'.repeat(201)).success).toBe(false);
  });

  it('gives the cursors of the pages either side, reading older and reading back', () => {
    const first = pageOf(rows(3), 2, null);
    expect(first.page.map((row) => row.createdMicros)).toEqual(['9000', '8999']);
    expect(readPageCursor(first.nextCursor!)).toEqual({ direction: 'older', micros: '8999', id: first.page[1]!.id });
    expect(first.prevCursor).toBeNull();
    // Reading back, the rows come oldest first and the page is turned round.
    const back = pageOf(rows(3).reverse(), 2, { direction: 'newer', micros: '1', id: ID });
    expect(back.page.map((row) => row.createdMicros)).toEqual(['8999', '8998']);
    expect(readPageCursor(back.prevCursor!)).toEqual({ direction: 'newer', micros: '8999', id: back.page[0]!.id });
    expect(readPageCursor(back.nextCursor!)).toEqual({ direction: 'older', micros: '8998', id: back.page[1]!.id });
    const last = pageOf(rows(1), 2, { direction: 'older', micros: '5', id: ID });
    expect(last.nextCursor).toBeNull();
    expect(readPageCursor(last.prevCursor!)).toEqual({ direction: 'newer', micros: '9000', id: last.page[0]!.id });
  });
});
