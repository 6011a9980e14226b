import { afterEach, beforeEach, vi } from 'vitest';

// A test fails when something logs console.error it did not expect.
let errors: unknown[][] = [];

beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (errors.length > 0) {
    const text = errors.map((args) => args.map((a) => (a instanceof Error ? a.stack : String(a))).join(' ')).join('\n');
    throw new Error(`console.error was called during the test:\n${text}`);
  }
});
