/**
 * The one rule for text arriving from outside (docs/decisions/070-text-at-the-edge.md):
 * a NUL character (U+0000) or half of a UTF-16 surrogate pair on its own is
 * never text. PostgreSQL cannot store the first, UTF-8 cannot encode the
 * second. Anything carrying one is refused as a whole, before any route or
 * frame handler sees it. Zod-free, so every parser (HTTP bodies, query
 * strings, path parameters, chat frames) can apply it.
 */

// NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
// eslint-disable-next-line no-control-regex -- matching U+0000 is the point
const FORBIDDEN = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether a string holds a NUL or a lone surrogate. */
export function hasForbiddenCharacter(text: string): boolean {
  return FORBIDDEN.test(text);
}

/** The message a refused value is answered with, e.g. "username: contains invalid characters". */
export function forbiddenTextMessage(field: string): string {
  return field ? `${field}: contains invalid characters` : 'The request contains invalid characters';
}

/**
 * Where the first string holding a forbidden character is in a parsed JSON
 * value (object keys included), as a dotted path like zod's ("items.0.name";
 * "" for the value itself); null when every string is clean. Walks without
 * recursion, so no nesting depth can overflow the stack.
 */
export function findForbiddenText(value: unknown): string | null {
  const pending: [value: unknown, path: string][] = [[value, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [current, path] = next;
    if (typeof current === 'string') {
      if (hasForbiddenCharacter(current)) return path;
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i -= 1) pending.push([current[i], join(path, String(i))]);
    } else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [key, child] = entries[i]!;
        if (hasForbiddenCharacter(key)) return join(path, printableKey(key));
        pending.push([child, join(path, key)]);
      }
    }
  }
  return null;
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

/** A refused key is named with its bad characters escaped (JSON.stringify escapes NUL and lone surrogates). */
function printableKey(key: string): string {
  return JSON.stringify(key).slice(1, -1);
}
