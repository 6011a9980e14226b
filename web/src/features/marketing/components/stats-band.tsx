import { stats } from '../content/home';

/** Spec §2/§9: the four figures under the home page hero. */
export function StatsBand() {
  return (
    <section aria-label="Company figures" className="border-b border-slate-200 bg-white">
      <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-6 px-4 py-10 sm:px-6 lg:grid-cols-4 lg:px-8">
        {stats.map((stat) => (
          <div key={stat.label} className="flex flex-col-reverse items-center gap-1 text-center">
            <dt className="text-sm font-medium text-slate-600">{stat.label}</dt>
            <dd className="text-4xl font-bold tracking-tight text-blue-700">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
