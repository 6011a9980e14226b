import { timeline } from '../content/about';

export function Timeline() {
  return (
    <ol className="relative flex flex-col gap-8 border-l-2 border-blue-200 pl-8">
      {timeline.map((entry) => (
        <li key={entry.year} className="relative">
          <span
            className="absolute -left-[2.6rem] top-1 h-4 w-4 rounded-full border-4 border-white bg-blue-700 ring-2 ring-blue-200"
            aria-hidden="true"
          />
          <p className="text-sm font-bold text-blue-700">{entry.year}</p>
          <h3 className="text-lg font-semibold text-navy-900">{entry.title}</h3>
          <p className="mt-1 text-slate-700">{entry.text}</p>
        </li>
      ))}
    </ol>
  );
}
