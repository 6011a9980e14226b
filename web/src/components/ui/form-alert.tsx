import { AlertCircle } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * Why a form's last submit failed, shown at the form (and announced), next to
 * the toast that says the same: a toast goes away, this stays until the next try.
 */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p
      role="alert"
      className="flex gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800"
    >
      <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}
