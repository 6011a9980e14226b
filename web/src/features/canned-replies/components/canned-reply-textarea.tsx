import { forwardRef, useEffect, useId, useImperativeHandle, useLayoutEffect, useRef, useState } from 'react';
import type { TextareaHTMLAttributes } from 'react';
import { AlertTriangle } from 'lucide-react';
import {
  fillCannedReply,
  isCannedReplyVariable,
  matchCannedReplies,
  placeholdersIn,
  slashQueryAt,
} from '@shared/canned-replies';
import type { CannedReply } from '@shared/schemas/canned-replies';
import { Textarea } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { useMay } from '@/lib/staff-role';
import { useCannedReplies, useCannedReplyValues, type CannedReplyContext } from '../api/canned-replies';

export type CannedReplyTextareaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange'> & {
  value: string;
  onValueChange(value: string): void;
  /** The conversation answered: the chosen reply's variables are filled from it. */
  context: CannedReplyContext;
};

const MAX_SHOWN = 8;

/**
 * A staff composer's text box with canned replies (issue 26, decision 188):
 * typing `/` at the start of a word opens a list of replies filtered by what
 * follows (↑ ↓ to move, Enter to choose, Esc to close); the chosen reply
 * replaces the `/shortcut` at the cursor with its variables filled in, and
 * stays editable. A `{{placeholder}}` left in the text (a variable this
 * conversation has no value for, or an unknown one) is shown as a warning and
 * makes the text invalid, so the form will not send it; the API refuses it too.
 *
 * A drop-in for `<Textarea>`: pass `value`, `onValueChange` and `context`.
 */
export const CannedReplyTextarea = forwardRef<HTMLTextAreaElement, CannedReplyTextareaProps>(
  function CannedReplyTextarea({ value, onValueChange, context, className, onKeyDown, ...props }, forwardedRef) {
    const mayUse = useMay('canned_replies');
    const ref = useRef<HTMLTextAreaElement>(null);
    useImperativeHandle(forwardedRef, () => ref.current!, []);
    const listId = useId();
    const warningId = useId();
    const hintId = useId();
    const [cursor, setCursor] = useState(0);
    const [dismissedAt, setDismissedAt] = useState<number | null>(null);
    const [active, setActive] = useState(0);
    const caretAfterInsert = useRef<number | null>(null);

    const token = mayUse ? slashQueryAt(value, cursor) : null;
    const replies = useCannedReplies({ enabled: mayUse && token !== null });
    const matches = token ? matchCannedReplies(replies.data ?? [], token.query).slice(0, MAX_SHOWN) : [];
    const open = token !== null && token.start !== dismissedAt && replies.isSuccess;
    const values = useCannedReplyValues(context, { enabled: open });
    const activeIndex = Math.min(active, Math.max(matches.length - 1, 0));

    // A new /token starts at the top of the list.
    const tokenStart = token?.start ?? null;
    useEffect(() => setActive(0), [tokenStart, token?.query]);

    useLayoutEffect(() => {
      const caret = caretAfterInsert.current;
      if (caret === null || !ref.current) return;
      caretAfterInsert.current = null;
      ref.current.focus();
      ref.current.setSelectionRange(caret, caret);
      setCursor(caret);
    }, [value]);

    const left = placeholdersIn(value);
    const warning =
      left.length === 0
        ? null
        : `Fill in or remove before sending: ${left
            .map((name) => `{{${name}}}${isCannedReplyVariable(name) ? '' : ' (not a variable)'}`)
            .join(', ')}.`;
    useEffect(() => {
      ref.current?.setCustomValidity(warning ?? '');
    }, [warning]);

    const choose = async (reply: CannedReply) => {
      if (!token) return;
      const known = values.data ?? (await values.refetch()).data ?? {};
      const { text } = fillCannedReply(reply.body, known);
      const end = token.start + 1 + token.query.length;
      caretAfterInsert.current = token.start + text.length;
      onValueChange(value.slice(0, token.start) + text + value.slice(end));
    };

    const track = (element: HTMLTextAreaElement) => setCursor(element.selectionStart ?? element.value.length);

    return (
      <div className="relative flex flex-col gap-1">
        <Textarea
          {...props}
          ref={ref}
          value={value}
          className={className}
          // A multi-line text box that suggests (ARIA allows no combobox role on a textarea): the list it
          // controls and its active option are announced through aria-controls and aria-activedescendant.
          aria-autocomplete={mayUse ? 'list' : undefined}
          aria-controls={open ? listId : undefined}
          aria-activedescendant={open && matches.length > 0 ? `${listId}-${activeIndex}` : undefined}
          aria-invalid={warning ? true : props['aria-invalid']}
          aria-describedby={
            [props['aria-describedby'], mayUse && hintId, warning && warningId].filter(Boolean).join(' ') || undefined
          }
          onChange={(event) => {
            onValueChange(event.target.value);
            track(event.target);
          }}
          onSelect={(event) => track(event.currentTarget)}
          onClick={(event) => track(event.currentTarget)}
          onKeyDown={(event) => {
            if (open && token) {
              if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
                event.preventDefault();
                if (matches.length > 0) {
                  const step = event.key === 'ArrowDown' ? 1 : -1;
                  setActive((activeIndex + step + matches.length) % matches.length);
                }
                return;
              }
              if (event.key === 'Enter' && !event.shiftKey && matches[activeIndex]) {
                event.preventDefault();
                void choose(matches[activeIndex]);
                return;
              }
              if (event.key === 'Escape') {
                event.preventDefault();
                event.stopPropagation();
                setDismissedAt(token.start);
                return;
              }
            }
            onKeyDown?.(event);
          }}
        />
        {mayUse ? (
          <span id={hintId} className="sr-only">
            Type / for a canned reply.
          </span>
        ) : null}
        {open ? (
          <div className="absolute bottom-full left-0 z-20 mb-1 w-full max-w-md rounded-md border border-slate-200 bg-white shadow-lg">
            {matches.length > 0 ? (
              <ul id={listId} role="listbox" aria-label="Canned replies" className="max-h-64 overflow-y-auto py-1">
                {matches.map((reply, index) => (
                  <li
                    key={reply.id}
                    id={`${listId}-${index}`}
                    role="option"
                    aria-selected={index === activeIndex}
                    className={cn(
                      'cursor-pointer px-3 py-2 text-sm',
                      index === activeIndex ? 'bg-blue-50 text-navy-900' : 'text-slate-800',
                    )}
                    onMouseDown={(event) => {
                      // Keep the focus (and the cursor) in the text box.
                      event.preventDefault();
                      void choose(reply);
                    }}
                    onMouseEnter={() => setActive(index)}
                  >
                    <span className="font-mono font-semibold">/{reply.shortcut}</span>{' '}
                    <span className="font-medium">{reply.title}</span>{' '}
                    <span className="text-xs text-slate-600">{reply.shared ? 'Shared' : 'Yours'}</span>
                    <span className="block truncate text-xs text-slate-600">{reply.body}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p id={listId} role="status" className="px-3 py-2 text-sm text-slate-600">
                No canned reply matches /{token?.query}.
              </p>
            )}
          </div>
        ) : null}
        {warning ? (
          <p id={warningId} className="flex items-start gap-1 text-xs font-medium text-amber-800" aria-live="polite">
            <AlertTriangle className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden="true" />
            {warning}
          </p>
        ) : null}
      </div>
    );
  },
);
