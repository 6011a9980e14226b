import { ButtonLink } from '@/components/ui/button';
import { Section } from '@/components/layout/section';
import { CheckList } from '@/components/ui/check-list';
import { partnerHighlights } from '../content/home';
import { requestServiceHref } from '../content/services';

/** Home page: Wi-Fi design through our Ekahau partnership (spec §1, §2). */
export function PartnerSection() {
  return (
    <Section
      id="partner-services"
      tone="muted"
      eyebrow="Partner Services"
      title="Certified Ekahau Wi-Fi design"
      intro="Wi-Fi problems are usually design problems. As a certified Ekahau partner, we model your building before hardware is bought and prove the result with an on-site survey."
    >
      <div className="grid items-center gap-10 lg:grid-cols-2">
        <div className="flex flex-col gap-6">
          <CheckList items={partnerHighlights} />
          <div className="flex flex-wrap gap-3">
            <ButtonLink to="/services#ekahau">Explore Wi-Fi Design</ButtonLink>
            <ButtonLink to={requestServiceHref('Ekahau Partner Services')} variant="outline">
              Request a Site Survey
            </ButtonLink>
          </div>
        </div>
        <img
          src="/images/wifi-heatmap.svg"
          alt="Wi-Fi coverage heat map over an office floor plan, with five access points giving even coverage"
          width={560}
          height={400}
          loading="lazy"
          decoding="async"
          className="h-auto w-full rounded-xl border border-slate-200 shadow-sm"
        />
      </div>
    </Section>
  );
}
