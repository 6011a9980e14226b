/** Changes to a list's URL query: a key's new value, or null (or '') to remove the key. */
export type ListParamChanges = Record<string, string | null>;

/**
 * The URL's query after `changes`: null or '' removes a key, any other value sets it; keys not named keep their
 * value. `params` itself is left as it was (it is the router's current query).
 */
export function changedParams(params: URLSearchParams, changes: ListParamChanges): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '') next.delete(key);
    else next.set(key, value);
  }
  return next;
}
