import { useId, useState } from 'react';
import { TICKET_REPLY_MAX } from '@shared/service-requests';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api-client';
import { usePostReply } from '../api/post-reply';

/** The reply box under a thread; staff can make the reply an internal note. */
export function ReplyForm({ requestId, staff = false }: { requestId: string; staff?: boolean }) {
  const [message, setMessage] = useState('');
  const [internal, setInternal] = useState(false);
  const post = usePostReply(requestId);
  const id = useId();

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!message.trim() || post.isPending) return;
    // After a note, the box is back to a reply: the next text is not a note unless ticked again (issue 29).
    post.mutate(
      { message, internal: staff && internal },
      {
        onSuccess: () => {
          setMessage('');
          setInternal(false);
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3" aria-label={staff ? 'Reply or note' : 'Reply'}>
      <Label htmlFor={`${id}-message`}>{staff && internal ? 'Internal note' : 'Your reply'}</Label>
      <Textarea
        id={`${id}-message`}
        name="message"
        rows={4}
        required
        maxLength={TICKET_REPLY_MAX}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        className={staff && internal ? 'border-amber-400 bg-amber-50' : undefined}
      />
      {post.isError ? (
        <FormAlert>{errorMessage(post.error, 'Your reply could not be sent. Please try again.')}</FormAlert>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        {staff ? (
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" name="internal" checked={internal} onChange={(e) => setInternal(e.target.checked)} />
            Internal note (not shown to the client)
          </label>
        ) : (
          <span className="text-xs text-slate-600">Up to {TICKET_REPLY_MAX.toLocaleString('en-US')} characters.</span>
        )}
        <Button type="submit" disabled={post.isPending || !message.trim()}>
          {post.isPending ? 'Sending...' : staff && internal ? 'Add Note' : 'Send Reply'}
        </Button>
      </div>
    </form>
  );
}
