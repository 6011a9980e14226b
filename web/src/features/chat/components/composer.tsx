import { Send } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { CHAT_MESSAGE_MAX, characterCount } from '@shared/schemas/chat';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { cn } from '@/lib/cn';

/** What the composer hands a custom text box (e.g. one with canned replies): a `<Textarea>`'s props, value by text. */
export interface ComposerInputProps {
  id: string;
  rows: number;
  value: string;
  disabled: boolean;
  placeholder: string;
  className: string;
  'aria-invalid': true | undefined;
  onValueChange(value: string): void;
  onKeyDown(event: React.KeyboardEvent<HTMLTextAreaElement>): void;
}

interface ComposerProps {
  /** Spec §4: the input is disabled while disconnected. */
  disabled: boolean;
  /** Returns whether the text was taken (then the input clears). */
  onSend(text: string): boolean;
  onTyping?(isTyping: boolean): void;
  placeholder: string;
  className?: string;
  /** Renders the text box instead of a plain `<Textarea>` (the staff console's canned replies). */
  renderInput?(props: ComposerInputProps): React.ReactNode;
}

const TYPING_REPEAT_MS = 3000;
const TYPING_IDLE_MS = 4000;

/**
 * The message input: Enter sends, Shift+Enter starts a new line, blank text is
 * never sent, and a counter appears near the 2,000-character limit. Tells the
 * other side when the user types (at most every few seconds).
 */
export function Composer({ disabled, onSend, onTyping, placeholder, className, renderInput }: ComposerProps) {
  const [text, setText] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const typingSince = useRef(0);
  const idleTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const count = characterCount(text.trim());
  const tooLong = count > CHAT_MESSAGE_MAX;

  const stopTyping = () => {
    if (idleTimer.current) clearTimeout(idleTimer.current);
    idleTimer.current = null;
    if (typingSince.current) onTyping?.(false);
    typingSince.current = 0;
  };
  useEffect(
    () => () => {
      if (idleTimer.current) clearTimeout(idleTimer.current);
    },
    [],
  );

  const noteTyping = () => {
    if (!onTyping) return;
    const now = Date.now();
    if (now - typingSince.current > TYPING_REPEAT_MS) {
      typingSince.current = now;
      onTyping(true);
    }
    if (idleTimer.current) clearTimeout(idleTimer.current);
    idleTimer.current = setTimeout(stopTyping, TYPING_IDLE_MS);
  };

  const submit = () => {
    const message = text.trim();
    if (!message || tooLong || disabled) return;
    // A text box may mark its text invalid (an unfilled canned-reply placeholder): say why, send nothing.
    if (formRef.current && !formRef.current.checkValidity()) {
      formRef.current.reportValidity();
      return;
    }
    if (onSend(message)) {
      setText('');
      stopTyping();
    }
  };

  return (
    <form
      ref={formRef}
      data-chat-composer=""
      className={cn('flex items-end gap-2 border-t border-slate-200 p-3', className)}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="flex flex-1 flex-col gap-1">
        <label htmlFor={id} className="sr-only">
          Message
        </label>
        <ComposerInput
          render={renderInput}
          id={id}
          rows={2}
          value={text}
          disabled={disabled}
          placeholder={placeholder}
          aria-invalid={tooLong || undefined}
          className="max-h-32 resize-none"
          onValueChange={(value) => {
            setText(value);
            if (value.trim()) noteTyping();
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              submit();
            }
          }}
        />
        {count > CHAT_MESSAGE_MAX - 200 ? (
          <span className={cn('text-xs', tooLong ? 'text-red-700' : 'text-slate-600')} aria-live="polite">
            {count} / {CHAT_MESSAGE_MAX} characters
          </span>
        ) : null}
      </div>
      <Button type="submit" disabled={disabled || !text.trim() || tooLong} aria-label="Send">
        <Send className="h-4 w-4" aria-hidden="true" />
        <span className="max-sm:sr-only">Send</span>
      </Button>
    </form>
  );
}

/** The text box: the caller's (`renderInput`), or a plain `<Textarea>`. */
function ComposerInput({ render, ...props }: ComposerInputProps & { render: ComposerProps['renderInput'] }) {
  if (render) return render(props);
  const { onValueChange, ...textarea } = props;
  return <Textarea {...textarea} onChange={(event) => onValueChange(event.target.value)} />;
}
