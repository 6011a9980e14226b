import { compactDiff, formatValue } from './audit-diff';

/** An entry's before and after as a compact list of the fields that changed: old value struck, new value after. */
export function AuditEntryChange({ before, after }: { before: unknown; after: unknown }) {
  const changes = compactDiff(before, after);
  if (changes.length === 0) return <span className="text-slate-500">—</span>;
  return (
    <dl className="flex flex-col gap-1">
      {changes.map((change) => (
        <div key={change.key} className="min-w-0">
          <dt className="inline font-mono text-xs font-semibold text-slate-700">{change.key}: </dt>
          <dd className="inline break-words">
            {change.before !== undefined ? (
              <>
                <del className="text-red-800">
                  <span className="sr-only">was </span>
                  {formatValue(change.before)}
                </del>
                {change.after !== undefined ? <span aria-hidden="true"> → </span> : null}
              </>
            ) : null}
            {change.after !== undefined ? (
              <ins className="text-green-800 no-underline">
                <span className="sr-only">{change.before !== undefined ? ', now ' : ''}</span>
                {formatValue(change.after)}
              </ins>
            ) : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}
