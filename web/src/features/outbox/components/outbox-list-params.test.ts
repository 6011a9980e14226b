import { describe, expect, it } from 'vitest';
import { mailStatuses } from '@shared/schemas/outbox';
import { readOutboxListParams } from './outbox-list-params';

const CURSOR = '1764150000000.0b9f3c1e-5a43-4c1f-9e1a-2f6c1d2e3a4b';

describe('the outbox read from the URL', () => {
  it('takes every mail status, the page and the open mail', () => {
    for (const status of mailStatuses) {
      expect(readOutboxListParams(new URLSearchParams({ status, before: CURSOR, mail: 'm1' }))).toEqual({
        status,
        before: CURSOR,
        selectedId: 'm1',
      });
    }
  });

  it('reads an unknown status or a malformed cursor as none', () => {
    expect(readOutboxListParams(new URLSearchParams('status=lost&before=yesterday'))).toEqual({
      status: null,
      before: null,
      selectedId: null,
    });
    // The cursor is the outbox's own key: `before`, not `cursor`.
    expect(readOutboxListParams(new URLSearchParams({ cursor: CURSOR })).before).toBeNull();
  });
});
