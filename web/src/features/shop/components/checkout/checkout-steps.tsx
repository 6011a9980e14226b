import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';

const steps = [
  { id: 'shipping', label: 'Shipping' },
  { id: 'payment', label: 'Payment' },
] as const;

export type CheckoutStep = (typeof steps)[number]['id'];

export function CheckoutSteps({ current }: { current: CheckoutStep }) {
  const currentIndex = steps.findIndex((step) => step.id === current);
  return (
    <ol className="flex items-center gap-4" aria-label="Checkout steps">
      {steps.map((step, index) => {
        const done = index < currentIndex;
        const active = index === currentIndex;
        return (
          <li key={step.id} className="flex items-center gap-2" aria-current={active ? 'step' : undefined}>
            <span
              className={cn(
                'flex h-8 w-8 items-center justify-center rounded-full text-sm font-semibold',
                done || active ? 'bg-blue-700 text-white' : 'bg-slate-200 text-slate-700',
              )}
            >
              {done ? <Check className="h-4 w-4" aria-hidden="true" /> : index + 1}
            </span>
            <span className={cn('text-sm font-medium', active ? 'text-slate-900' : 'text-slate-600')}>
              {step.label}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
