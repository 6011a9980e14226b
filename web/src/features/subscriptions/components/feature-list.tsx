import { CircleCheck } from 'lucide-react';
import { cn } from '@/lib/cn';

/** A plan's features with check marks (pricing cards and the plan summary). */
export function FeatureList({ label, features, className }: { label: string; features: string[]; className?: string }) {
  return (
    <ul className={cn('flex flex-col gap-3 text-sm', className)} aria-label={label}>
      {features.map((feature) => (
        <li key={feature} className="flex items-start gap-3 text-slate-800">
          <CircleCheck className="mt-0.5 h-5 w-5 shrink-0 text-green-700" aria-hidden="true" />
          {feature}
        </li>
      ))}
    </ul>
  );
}
