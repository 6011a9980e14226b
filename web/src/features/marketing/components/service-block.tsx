import { ButtonLink } from '@/components/ui/button';
import { CheckList } from '@/components/ui/check-list';
import { requestServiceHref, type Service } from '../content/services';

/** One of the eight service blocks on /services, with its Request Service button (spec §2). */
export function ServiceBlock({ service }: { service: Service }) {
  const Icon = service.icon;
  const headingId = `${service.id}-heading`;
  return (
    <article
      id={service.id}
      aria-labelledby={headingId}
      className="grid scroll-mt-24 gap-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:grid-cols-[1fr_1fr]"
    >
      <div className="flex flex-col gap-4">
        <span className="flex h-12 w-12 items-center justify-center rounded-lg bg-blue-50 text-blue-700">
          <Icon className="h-6 w-6" aria-hidden="true" />
        </span>
        <h2 id={headingId} className="text-2xl font-bold tracking-tight text-navy-900">
          {service.title}
        </h2>
        <p className="text-slate-700">{service.description}</p>
        <div>
          <ButtonLink to={requestServiceHref(service.option)} aria-label={`Request Service: ${service.title}`}>
            Request Service
          </ButtonLink>
        </div>
      </div>
      <div className="rounded-lg bg-slate-50 p-5">
        <h3 className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-700">What&apos;s included</h3>
        <CheckList items={service.includes} />
      </div>
    </article>
  );
}
