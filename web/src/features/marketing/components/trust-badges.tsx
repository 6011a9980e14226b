import { trustBadges } from '../content/home';

export function TrustBadges() {
  return (
    <ul className="flex flex-wrap gap-3" aria-label="Why clients trust us">
      {trustBadges.map(({ label, icon: Icon }) => (
        <li
          key={label}
          className="inline-flex items-center gap-2 rounded-full border border-white/20 bg-white/10 px-4 py-1.5 text-sm font-medium text-white"
        >
          <Icon className="h-4 w-4 text-blue-300" aria-hidden="true" />
          {label}
        </li>
      ))}
    </ul>
  );
}
