import { CircleCheck } from 'lucide-react';
import { cn } from '@/lib/cn';

/** A list with a green check mark before each item (services, certifications, plan features). */
export function CheckList({
  items,
  className,
  label,
}: {
  items: readonly string[];
  className?: string;
  /** Names the list for assistive technology when no heading does. */
  label?: string;
}) {
  return (
    <ul className={cn('flex flex-col gap-3', className)} aria-label={label}>
      {items.map((item) => (
        <li key={item} className="flex items-start gap-3 text-slate-800">
          <CircleCheck className="mt-0.5 h-5 w-5 shrink-0 text-green-700" aria-hidden="true" />
          {item}
        </li>
      ))}
    </ul>
  );
}
