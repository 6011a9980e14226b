import { useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';

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

  return { values, errors, setValue, setValues, setErrors, showErrors, submit };
}
