import { describe, expect, it } from 'vitest';
import { formatFileSize } from './attachments';

describe('formatFileSize', () => {
  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [1023, '1023 bytes'],
    [1024, '1 KB'],
    [850_000, '830 KB'],
    [10 * 1024 * 1024, '10 MB'],
    [2.44 * 1024 * 1024, '2.4 MB'],
  ])('%d bytes → %s', (bytes, shown) => {
    expect(formatFileSize(bytes)).toBe(shown);
  });
});
