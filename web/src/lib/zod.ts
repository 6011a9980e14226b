/**
 * The browser builds' `zod` (aliased in web/ and desktop/ Vite configs): the
 * real package, told to parse without `new Function` before any schema runs.
 * Pages forbid eval in their CSP, and zod's attempt would be reported as a
 * violation (docs/decisions/015-zod-without-eval.md). The API keeps zod's
 * compiled parsers.
 */
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
