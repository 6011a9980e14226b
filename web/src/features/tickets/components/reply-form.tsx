import { useId, useRef, useState } from 'react';
import { Paperclip } from 'lucide-react';
import {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MAX_FILES,
  formatFileSize,
} from '@shared/schemas/attachments';
import { TICKET_REPLY_MAX } from '@shared/tickets';
import { CannedReplyTextarea } from '@/features/canned-replies/components/canned-reply-textarea';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api-client';
import { usePostReply } from '../api/post-reply';
import { ChosenFiles } from './attachment-list';

/** The reply box under a thread, with files to attach; staff can make the reply an internal note. */
export function ReplyForm({ requestId, staff = false }: { requestId: string; staff?: boolean }) {
  const [message, setMessage] = useState('');
  const [internal, setInternal] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const post = usePostReply(requestId);
  const id = useId();

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!message.trim() || post.isPending) return;
    const sent = { message, internal: staff && internal, files };
    // The answer can come after the reply already showed in the thread (its live event is sent at the commit, before
    // the answer): only what was sent is cleared, never what was typed or ticked since. After a note, the box is back
    // to a reply: the next text is not a note unless ticked again (issue 29).
    post.mutate(sent, {
      onSuccess: () => {
        setMessage((current) => (current === sent.message ? '' : current));
        setFiles((current) => (current === sent.files ? [] : current));
        if (sent.internal) setInternal(false);
      },
    });
  };

  /** Files chosen are added to the reply (up to the limit); the server checks each by its content. */
  const onChooseFiles = (event: React.ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    const tooBig = chosen.find((file) => file.size > ATTACHMENT_MAX_BYTES);
    if (tooBig) {
      setFileProblem(`${tooBig.name} is larger than ${formatFileSize(ATTACHMENT_MAX_BYTES)}.`);
      return;
    }
    const next = [...files, ...chosen];
    if (next.length > ATTACHMENT_MAX_FILES) {
      setFileProblem(`At most ${ATTACHMENT_MAX_FILES} files per reply.`);
      return;
    }
    setFileProblem(null);
    setFiles(next);
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3" aria-label={staff ? 'Reply or note' : 'Reply'}>
      <Label htmlFor={`${id}-message`}>{staff && internal ? 'Internal note' : 'Your reply'}</Label>
      {staff ? (
        <CannedReplyTextarea
          id={`${id}-message`}
          name="message"
          rows={4}
          required
          maxLength={TICKET_REPLY_MAX}
          value={message}
          onValueChange={setMessage}
          context={{ ticketId: requestId }}
          className={internal ? 'border-amber-400 bg-amber-50' : undefined}
        />
      ) : (
        <Textarea
          id={`${id}-message`}
          name="message"
          rows={4}
          required
          maxLength={TICKET_REPLY_MAX}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
      )}
      <ChosenFiles files={files} onRemove={(index) => setFiles(files.filter((_, i) => i !== index))} />
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <input
          ref={fileInput}
          id={`${id}-files`}
          type="file"
          multiple
          accept={ATTACHMENT_ACCEPT}
          className="sr-only"
          onChange={onChooseFiles}
        />
        <Button type="button" variant="outline" size="sm" onClick={() => fileInput.current?.click()}>
          <Paperclip className="mr-1 h-4 w-4" aria-hidden="true" />
          Attach Files
        </Button>
        <Label htmlFor={`${id}-files`} className="text-xs font-normal text-slate-600">
          Up to {ATTACHMENT_MAX_FILES} files, {formatFileSize(ATTACHMENT_MAX_BYTES)} each: images, PDF, text, CSV,
          Office documents or ZIP.
        </Label>
      </div>
      {fileProblem ? <FormAlert>{fileProblem}</FormAlert> : null}
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
