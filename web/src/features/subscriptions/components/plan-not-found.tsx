import { SearchX } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button';

/** Spec §2 Subscribe: an unknown plan, with a way back. */
export function PlanNotFound() {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-4 rounded-xl border border-slate-200 bg-white p-10 text-center"
    >
      <SearchX className="h-10 w-10 text-slate-500" aria-hidden="true" />
      <h2 className="text-xl font-semibold text-slate-900">Plan Not Found</h2>
      <p className="max-w-md text-slate-600">
        This plan does not exist or is no longer offered. Please choose one of our current plans.
      </p>
      <ButtonLink to="/pricing" variant="outline">
        Back to Pricing
      </ButtonLink>
    </div>
  );
}
