import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from './api-error';
import { errorBodyMessage } from './error-body';

describe('errorBodyMessage', () => {
  it('reads the message of a JSON error body', () => {
    expect(errorBodyMessage('{"message":"Invalid username or password"}')).toBe('Invalid username or password');
    expect(errorBodyMessage('{"message":"","extra":1}')).toBe('');
  });

  it('is null for anything else', () => {
    for (const text of ['', 'Bad Gateway', '<html></html>', 'null', '[]', '"message"', '{"message":42}', '{}']) {
      expect(errorBodyMessage(text)).toBeNull();
    }
  });

  it('agrees with apiErrorSchema', () => {
    for (const text of ['{"message":"x"}', '{"message":1}', '{"msg":"x"}', '[]']) {
      const parsed = apiErrorSchema.safeParse(JSON.parse(text));
      expect(errorBodyMessage(text)).toBe(parsed.success ? parsed.data.message : null);
    }
  });
});
