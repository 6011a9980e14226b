import { Headset } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button';

/** Spec §2 Pricing: the Contact Sales card, for needs no plan covers. */
export function ContactSalesCard() {
  return (
    <aside
      aria-labelledby="contact-sales-heading"
      className="flex flex-col items-start gap-4 rounded-2xl border border-slate-200 bg-slate-50 p-8 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex gap-4">
        <Headset className="mt-1 h-8 w-8 shrink-0 text-blue-700" aria-hidden="true" />
        <div>
          <h2 id="contact-sales-heading" className="text-xl font-bold text-navy-900">
            Need a Custom Plan?
          </h2>
          <p className="mt-1 max-w-2xl text-slate-600">
            Co-managed IT, multi-site rollouts, compliance programs or hundreds of users: our sales team will scope a
            plan around your environment and send a written quote within 24 hours.
          </p>
        </div>
      </div>
      <ButtonLink to="/contact" size="lg" variant="outline" className="shrink-0">
        Contact Sales
      </ButtonLink>
    </aside>
  );
}
