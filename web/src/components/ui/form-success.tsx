import { CheckCircle2 } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * That a form's last submit succeeded, shown at the form (and announced), next to the toast that says the same: a
 * toast goes away, this stays until the next submit.
 */
export function FormSuccess({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div role="status" className="flex gap-2 rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900">
      <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-green-700" aria-hidden="true" />
      <p>
        <strong className="font-semibold">{title}</strong> <span>{children}</span>
      </p>
    </div>
  );
}
