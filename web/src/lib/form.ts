import { useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { errorMessage } from './api-client';

export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

/** The first message per top-level field of a failed parse. */
export function fieldErrors<T>(error: z.ZodError): FieldErrors<T> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !(key in errors)) errors[key] = issue.message;
  }
  return errors as FieldErrors<T>;
}

/** A refusal of the API placed on a form: under a field it named, or (`field: null`) for the form as a whole. */
export interface PlacedError<F extends string> {
  field: F | null;
  message: string;
}

/**
 * Where the API's refusal belongs. The API names the field first in its 400 answers — "password: This password is
 * too common…", "shipping.zipCode: …", "items.0.id: No such product" (describeZodIssue) — and such a message goes
 * under that field without its prefix. The deepest part of the path that is one of the form's `fields` is the field
 * (`zipCode` of `shipping.zipCode`, or `shipping` when the form has no `zipCode`). Any other message — no prefix, or
 * a field the form does not show — is for the whole form, as the API wrote it.
 */
export function placeApiError<F extends string>(message: string, fields: readonly F[]): PlacedError<F> {
  const match = /^([\w.-]+): (.+)$/s.exec(message);
  if (match) {
    const path = match[1]!.split('.');
    for (let depth = path.length - 1; depth >= 0; depth -= 1) {
      const field = fields.find((name) => name === path[depth]);
      if (field) return { field, message: match[2]! };
    }
  }
  return { field: null, message };
}

/**
 * Form state validated with a shared zod schema: the same rules and messages
 * the API applies. `submit` shows the messages or hands over the parsed data.
 * The schema may be given as a loader (`() => import(…)`), so a page can show
 * and hydrate the form before the validation code arrives.
 * After messages are shown (`submit`, `showErrors`), focus moves to the first
 * invalid field of the form element passed along (the submit event's form).
 */
export function useSchemaForm<S extends z.ZodType<unknown, Record<string, unknown>>>(
  schema: S | (() => Promise<S>),
  initial: z.input<S>,
) {
  const [values, setValues] = useState<z.input<S>>(initial);
  const [errors, setErrors] = useState<FieldErrors<z.input<S>>>({});
  const focusIn = useRef<HTMLFormElement | null>(null);

  useEffect(() => {
    const formElement = focusIn.current;
    if (!formElement) return;
    focusIn.current = null;
    formElement.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const showErrors = useCallback((next: FieldErrors<z.input<S>>, formElement?: HTMLFormElement | null) => {
    focusIn.current = formElement ?? null;
    setErrors(next);
  }, []);

  // Stable across renders, so effects can depend on it.
  const setValue = useCallback(<K extends keyof z.input<S>>(key: K, value: z.input<S>[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  }, []);

  const submit = (onValid: (data: z.output<S>) => void, formElement?: HTMLFormElement | null) => {
    const check = (loaded: S) => {
      const result = loaded.safeParse(values);
      if (!result.success) {
        showErrors(fieldErrors(result.error), formElement);
        return;
      }
      setErrors({});
      onValid(result.data);
    };
    // A schema given as a loader is fetched on first use (a page that must not load zod to paint).
    if (typeof schema === 'function') void schema().then(check);
    else check(schema);
  };

  /**
   * Shows a failed request's message under the field it names (placeApiError, the form's fields being the keys of
   * its values) and moves focus there. Returns the message for the whole form when it names none of them (or
   * `fallback` when the failure has no message), for the caller to show, else null.
   */
  const showApiError = (error: unknown, fallback: string, formElement?: HTMLFormElement | null): string | null => {
    const placed = placeApiError(errorMessage(error, fallback), Object.keys(values as object));
    if (placed.field === null) return placed.message;
    showErrors({ [placed.field]: placed.message } as FieldErrors<z.input<S>>, formElement);
    return null;
  };

  return { values, errors, setValue, setValues, setErrors, showErrors, showApiError, submit };
}
