import {
  Activity,
  ArrowLeft,
  CircleCheck,
  CreditCard,
  LayoutDashboard,
  LifeBuoy,
  Mail,
  Phone,
  Users,
} from 'lucide-react';
import { company } from '@shared/site/company';
import type { ComingSoonSite } from '@shared/site/subdomains';

const icons = {
  portal: LayoutDashboard,
  support: LifeBuoy,
  clients: Users,
  billing: CreditCard,
  status: Activity,
} satisfies Record<ComingSoonSite['icon'], unknown>;

/**
 * A subdomain's Coming Soon page (spec §2). Rendered once at build time to
 * static HTML with no JavaScript, so it uses plain links only.
 * `mainSiteUrl` is the main site's address (the %PUBLIC_URL% token in the build).
 */
export function ComingSoonPage({ site, mainSiteUrl }: { site: ComingSoonSite; mainSiteUrl: string }) {
  const Icon = icons[site.icon];
  return (
    <div className="hero-backdrop flex min-h-screen flex-col bg-navy-900 text-white">
      <header className="mx-auto flex w-full max-w-5xl items-center px-4 py-6 sm:px-6">
        <a href={`${mainSiteUrl}/`} className="text-lg font-bold text-white">
          {company.name}
        </a>
      </header>
      <main className="mx-auto flex w-full max-w-3xl flex-1 flex-col items-center gap-8 px-4 py-12 text-center sm:px-6">
        <span className="flex h-20 w-20 items-center justify-center rounded-2xl bg-blue-700">
          <Icon className="h-10 w-10" aria-hidden="true" />
        </span>
        <div className="flex flex-col gap-3">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{site.title}</h1>
          <p className="text-2xl font-semibold text-blue-300">Coming Soon</p>
        </div>
        <p className="text-lg text-slate-200">{site.description}</p>
        <section
          aria-labelledby="planned-heading"
          className="w-full rounded-xl border border-white/15 bg-white/5 p-6 text-left"
        >
          <h2 id="planned-heading" className="mb-4 text-lg font-semibold">
            What&apos;s planned
          </h2>
          <ul className="flex flex-col gap-3">
            {site.plannedFeatures.map((feature) => (
              <li key={feature} className="flex items-start gap-3 text-slate-100">
                <CircleCheck className="mt-0.5 h-5 w-5 shrink-0 text-green-400" aria-hidden="true" />
                {feature}
              </li>
            ))}
          </ul>
        </section>
        <div className="flex flex-col items-center gap-3 text-slate-200">
          <p>Until then, we are happy to help directly:</p>
          <p className="flex flex-wrap justify-center gap-x-6 gap-y-2">
            <a
              href={`mailto:${site.contactEmail}`}
              className="inline-flex items-center gap-2 font-semibold text-white underline"
            >
              <Mail className="h-5 w-5" aria-hidden="true" />
              {site.contactEmail}
            </a>
            <a
              href={`tel:${company.phoneE164}`}
              className="inline-flex items-center gap-2 font-semibold text-white underline"
            >
              <Phone className="h-5 w-5" aria-hidden="true" />
              {company.phone}
            </a>
          </p>
        </div>
        <a
          href={`${mainSiteUrl}/`}
          className="inline-flex h-12 items-center gap-2 rounded-md bg-white px-6 font-semibold text-navy-900 hover:bg-blue-50"
        >
          <ArrowLeft className="h-5 w-5" aria-hidden="true" />
          Back to {company.name}
        </a>
      </main>
      <footer className="px-4 py-6 text-center text-sm text-slate-300">
        {company.legalName} · {company.address.locality}, {company.address.region}
      </footer>
    </div>
  );
}
