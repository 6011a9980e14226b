import { useState } from 'react';
import { CANNED_REPLY_VARIABLE_LABELS, cannedReplyVariables } from '@shared/canned-replies';
import { CANNED_REPLY_BODY_MAX, type CannedReply } from '@shared/schemas/canned-replies';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useMay } from '@/lib/staff-role';
import { toast } from '@/lib/toast';
import {
  useCannedReplies,
  useCreateCannedReply,
  useDeleteCannedReply,
  useUpdateCannedReply,
} from '../api/canned-replies';

interface Draft {
  id: string | null;
  shortcut: string;
  title: string;
  body: string;
  shared: boolean;
}

const EMPTY: Draft = { id: null, shortcut: '', title: '', body: '', shared: false };

/**
 * /admin/canned-replies: the shared replies (admins write them) and the
 * signed-in staff member's own; each is typed as `/shortcut` in a composer.
 */
export function CannedRepliesScreen() {
  const replies = useCannedReplies();
  const mayShare = useMay('canned_replies.shared');
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const create = useCreateCannedReply();
  const update = useUpdateCannedReply();
  const saving = create.isPending || update.isPending;
  const failure = draft.id ? update.error : create.error;

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    const input = { shortcut: draft.shortcut, title: draft.title, body: draft.body, shared: draft.shared };
    const done = (reply: CannedReply) => {
      toast({ title: draft.id ? 'Reply saved' : 'Reply added', description: `/${reply.shortcut} is ready to use.` });
      setDraft(EMPTY);
    };
    if (draft.id) update.mutate({ id: draft.id, change: input }, { onSuccess: done });
    else create.mutate(input, { onSuccess: done });
  };

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold text-navy-900">Canned replies</h1>
        <p className="mt-1 text-slate-600">
          Type <kbd className="rounded border border-slate-300 px-1 font-mono">/</kbd> and a shortcut in a chat, ticket
          or enquiry reply to insert one. Shared replies are for the whole team; yours only you see.
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
        <Card>
          <CardHeader>
            <CardTitle>Replies</CardTitle>
          </CardHeader>
          <CardContent>
            {replies.isPending ? (
              <Spinner label="Loading canned replies" />
            ) : replies.isError ? (
              <FormAlert>The canned replies could not be loaded.</FormAlert>
            ) : replies.data.length === 0 ? (
              <p className="text-slate-600">No canned replies yet. Add the first one with the form.</p>
            ) : (
              <ul className="flex flex-col divide-y divide-slate-200" aria-label="Canned replies">
                {replies.data.map((reply) => (
                  <ReplyRow key={reply.id} reply={reply} onEdit={() => setDraft({ ...reply, id: reply.id })} />
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{draft.id ? `Edit /${draft.shortcut}` : 'New reply'}</CardTitle>
          </CardHeader>
          <CardContent>
            <form className="flex flex-col gap-4" onSubmit={save}>
              <FormField label="Shortcut" hint="Letters, digits, - or _; typed after /, e.g. thanks.">
                <Input
                  name="shortcut"
                  value={draft.shortcut}
                  maxLength={40}
                  required
                  onChange={(e) => setDraft({ ...draft, shortcut: e.target.value })}
                />
              </FormField>
              <FormField label="Title">
                <Input
                  name="title"
                  value={draft.title}
                  maxLength={80}
                  required
                  onChange={(e) => setDraft({ ...draft, title: e.target.value })}
                />
              </FormField>
              <FormField label="Text" hint="Variables are filled in when the reply is inserted (see below).">
                <Textarea
                  name="body"
                  rows={6}
                  value={draft.body}
                  maxLength={CANNED_REPLY_BODY_MAX}
                  required
                  onChange={(e) => setDraft({ ...draft, body: e.target.value })}
                />
              </FormField>
              {mayShare ? (
                <label className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    name="shared"
                    checked={draft.shared}
                    onChange={(e) => setDraft({ ...draft, shared: e.target.checked })}
                  />
                  Shared with the team
                </label>
              ) : null}
              {failure ? <FormAlert>{errorMessage(failure, 'The reply could not be saved.')}</FormAlert> : null}
              <div className="flex flex-wrap gap-2">
                <Button type="submit" disabled={saving}>
                  {saving ? 'Saving...' : draft.id ? 'Save Reply' : 'Add Reply'}
                </Button>
                {draft.id ? (
                  <Button type="button" variant="outline" onClick={() => setDraft(EMPTY)}>
                    Cancel
                  </Button>
                ) : null}
              </div>
            </form>
            <h2 className="mt-6 text-sm font-semibold text-navy-900">Variables</h2>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs text-slate-700">
              {cannedReplyVariables.map((name) => (
                <div key={name} className="contents">
                  <dt className="font-mono">{`{{${name}}}`}</dt>
                  <dd>{CANNED_REPLY_VARIABLE_LABELS[name]}</dd>
                </div>
              ))}
            </dl>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

function ReplyRow({ reply, onEdit }: { reply: CannedReply; onEdit(): void }) {
  const remove = useDeleteCannedReply();
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-mono font-semibold text-navy-900">/{reply.shortcut}</span>
          <span className="font-medium text-slate-900">{reply.title}</span>
          <Badge variant={reply.shared ? 'default' : 'neutral'}>{reply.shared ? 'Shared' : 'Yours'}</Badge>
        </p>
        <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-700">{reply.body}</p>
      </div>
      {reply.editable ? (
        <div className="flex gap-2">
          <Button variant="outline" size="sm" aria-label={`Edit /${reply.shortcut}`} onClick={onEdit}>
            Edit
          </Button>
          <Dialog open={confirming} onOpenChange={setConfirming}>
            <DialogTrigger asChild>
              <Button variant="outline" size="sm" aria-label={`Delete /${reply.shortcut}`}>
                Delete
              </Button>
            </DialogTrigger>
            <DialogContent
              title={`Delete /${reply.shortcut}?`}
              description={reply.shared ? 'Nobody on the team will have it any more.' : 'It cannot be brought back.'}
            >
              <div className="flex flex-wrap justify-end gap-3">
                <DialogClose asChild>
                  <Button variant="outline">Cancel</Button>
                </DialogClose>
                <Button
                  variant="destructive"
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(reply.id, {
                      onSettled: () => setConfirming(false),
                      onError: (error) =>
                        toast({
                          title: 'Not deleted',
                          description: errorMessage(error, 'Please try again.'),
                          variant: 'destructive',
                        }),
                    })
                  }
                >
                  {remove.isPending ? 'Deleting...' : 'Delete'}
                </Button>
              </div>
            </DialogContent>
          </Dialog>
        </div>
      ) : null}
    </li>
  );
}
