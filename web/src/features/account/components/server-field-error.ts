import type { FieldErrors } from '@/lib/form';

/**
 * The API names the field in its 400 answers ("newPassword: …"): such a
 * message goes under that field; any other is for a toast. Returns whether it
 * was placed.
 */
export function placeFieldError<T>(
  message: string,
  fields: readonly (keyof T & string)[],
  setErrors: (errors: FieldErrors<T>) => void,
): boolean {
  const field = fields.find((name) => message.startsWith(`${name}: `));
  if (!field) return false;
  setErrors({ [field]: message.slice(field.length + 2) } as FieldErrors<T>);
  return true;
}
