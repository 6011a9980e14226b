import { useState } from 'react';
import { cn } from '@/lib/cn';

type Part = 'html' | 'text';

/**
 * A mail's two parts. The HTML is shown in a fully sandboxed frame (no
 * scripts, forms, plugins or same-origin access; `srcdoc`, so nothing is
 * fetched to show it): whatever a mail contains cannot run in the console.
 */
export function MailPreview({ html, text, subject }: { html: string | null; text: string | null; subject: string }) {
  const [part, setPart] = useState<Part>('html');
  const tab = (value: Part, label: string) => (
    <button
      type="button"
      role="tab"
      aria-selected={part === value}
      onClick={() => setPart(value)}
      className={cn(
        'cursor-pointer border-b-2 px-3 py-2 text-sm font-semibold',
        part === value ? 'border-blue-700 text-blue-800' : 'border-transparent text-slate-600 hover:text-slate-900',
      )}
    >
      {label}
    </button>
  );
  if (html === null || text === null) {
    return (
      <p className="text-sm text-slate-600">Not rendered yet: the mail worker renders it moments after it is queued.</p>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <div role="tablist" aria-label="Mail part" className="flex gap-2 border-b border-slate-200">
        {tab('html', 'HTML')}
        {tab('text', 'Plain text')}
      </div>
      {part === 'html' ? (
        <iframe
          title={`Preview of "${subject}"`}
          sandbox=""
          srcDoc={html}
          referrerPolicy="no-referrer"
          className="h-[560px] w-full rounded-md border border-slate-200 bg-white"
        />
      ) : (
        <pre
          tabIndex={0}
          aria-label="Plain-text part"
          className="max-h-[560px] overflow-auto rounded-md border border-slate-200 bg-slate-50 p-4 font-mono text-sm whitespace-pre-wrap text-slate-800"
        >
          {text}
        </pre>
      )}
    </div>
  );
}
