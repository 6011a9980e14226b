import { Headset } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button';

/** Spec §2: the shop's "Need Help Choosing?" section. */
export function NeedHelpChoosing() {
  return (
    <section aria-labelledby="need-help" className="rounded-2xl bg-navy-900 px-6 py-10 text-white sm:px-10">
      <div className="flex flex-col gap-6 md:flex-row md:items-center md:justify-between">
        <div className="flex gap-4">
          <Headset className="mt-1 h-8 w-8 shrink-0 text-blue-300" aria-hidden="true" />
          <div>
            <h2 id="need-help" className="text-2xl font-bold">
              Need Help Choosing?
            </h2>
            <p className="mt-2 max-w-2xl text-slate-200">
              Our engineers size switches, firewalls, Wi-Fi and storage for your site every day. Tell us about your
              network and we will recommend hardware, licensing and support that fit — and install it for you.
            </p>
          </div>
        </div>
        <div className="flex shrink-0 flex-wrap gap-3">
          <ButtonLink to="/contact" variant="inverse">
            Talk to an Engineer
          </ButtonLink>
          <ButtonLink to="/services" variant="outline">
            Book a Consultation
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
