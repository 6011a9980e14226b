/**
 * Reading the API's error body without a validation library: importing this
 * does not load zod (docs/decisions/015-zod-without-eval.md). The body's
 * schema is apiErrorSchema in ./api-error.ts.
 */

/** The `message` of a JSON error body (`{ message }`); null when the text is not one. */
export function errorBodyMessage(text: string): string | null {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && typeof (parsed as { message?: unknown }).message === 'string') {
      return (parsed as { message: string }).message;
    }
  } catch {
    // Not JSON: fall through.
  }
  return null;
}
