import { ShieldAlert } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button';

/** A logged-in account that is not staff reached a staff page. */
export function StaffOnly() {
  return (
    <div className="flex flex-col items-center gap-5 py-24 text-center">
      <ShieldAlert className="h-12 w-12 text-amber-600" aria-hidden="true" />
      <h1 className="text-3xl font-bold text-navy-900">Staff only</h1>
      <p className="max-w-xl text-slate-600">
        This page is for our support team. If you have a question, our team is happy to help through the live chat on
        any page or the contact form.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <ButtonLink to="/portal">Go to your portal</ButtonLink>
        <ButtonLink to="/contact" variant="outline">
          Contact us
        </ButtonLink>
      </div>
    </div>
  );
}
