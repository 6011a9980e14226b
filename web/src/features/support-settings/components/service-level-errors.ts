import type { ZodIssue } from 'zod';
import { priorities, type Priority } from '@shared/schemas/support';
import { placeApiError } from '@/lib/form';

/** Where a message belongs: `default`, a plan id or `chat`, then (in a policy) the priority's row. */
export type ErrorKey = string;
export type ServiceLevelErrors = Record<ErrorKey, string>;

export const errorKeyOf = (scope: string, priority?: Priority): ErrorKey => (priority ? `${scope}.${priority}` : scope);

/**
 * The schema's refusals beside the rows they are about (`default.urgent…`, `plans.<id>.high…`, `chat…`); the first
 * one that names no row shown is for the whole form.
 */
export function errorsFromIssues(
  issues: readonly ZodIssue[],
  scopes: readonly string[],
): { errors: ServiceLevelErrors; general: string | null } {
  const errors: ServiceLevelErrors = {};
  let general: string | null = null;
  for (const issue of issues) {
    const path = issue.path.map(String);
    const scope = path[0] === 'plans' ? path[1] : path[0];
    const row = path[path[0] === 'plans' ? 2 : 1] as Priority | undefined;
    const key = scope && scopes.includes(scope) ? errorKeyOf(scope, scope === 'chat' ? undefined : row) : null;
    if (key === null) general ??= issue.message;
    else errors[key] ??= issue.message;
  }
  return { errors, general };
}

/**
 * The API's refusal, "default.urgent.resolutionMinutes: …", beside that row; a message naming no row shown is for
 * the whole form.
 */
export function placeSaveRefusal(
  message: string,
  scopes: readonly string[],
): { errors: ServiceLevelErrors; general: string | null } {
  const scope = placeApiError(message, scopes).field;
  const row = placeApiError(message, priorities).field ?? undefined;
  const placed = placeApiError(message, [...scopes, ...priorities]);
  if (scope === null || (scope !== 'chat' && row === undefined)) return { errors: {}, general: placed.message };
  return { errors: { [errorKeyOf(scope, scope === 'chat' ? undefined : row)]: placed.message }, general: null };
}
