import type { PublicBusinessHours } from '@shared/business-hours-words';
import { startChatSchema } from '@shared/schemas/chat';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useSchemaForm } from '@/lib/form';
import { toast } from '@/lib/toast';
import { useStartChat } from '../api/start-chat';
import { AwayNotice } from './away-notice';

/** A logged-in client: the form starts with their name and email. */
export interface ChatVisitor {
  name: string;
  email: string;
}

/**
 * Spec §4/§5: name required ("Name Required" toast), email optional. In away
 * mode the email is what lets staff answer, so the form asks for it.
 */
export function StartChatForm({
  away,
  hours,
  visitor = null,
  onStarted,
}: {
  away: boolean;
  /** The business hours (GET /api/business-hours), for the away notice. */
  hours?: PublicBusinessHours;
  visitor?: ChatVisitor | null;
  onStarted(id: string): void;
}) {
  const form = useSchemaForm(startChatSchema, { visitorName: visitor?.name ?? '', visitorEmail: visitor?.email ?? '' });
  const start = useStartChat();

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!form.values.visitorName.trim()) {
      toast({
        title: 'Name Required',
        description: 'Please enter your name to start chatting',
        variant: 'destructive',
      });
      return;
    }
    form.submit((data) => {
      // The page the chat starts on, for staff.
      start.mutate(
        { ...data, page: `${window.location.pathname}${window.location.search}`.slice(0, 500) },
        {
          onSuccess: ({ id }) => onStarted(id),
          onError: () =>
            toast({ title: 'Error', description: 'Failed to start chat. Please try again.', variant: 'destructive' }),
        },
      );
    }, event.currentTarget as HTMLFormElement);
  };

  return (
    // The fields scroll (min-h-0 lets them shrink inside the panel); Start Chat stays in view below them,
    // however short the window (issue 29: at 1280×800 the away notice pushed it out of the panel).
    <form onSubmit={onSubmit} noValidate className="flex min-h-0 flex-1 flex-col">
      <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto p-4">
        {away ? (
          <AwayNotice hours={hours} />
        ) : (
          <p className="text-sm text-slate-700">
            Questions about our services, an order or a quote? Our team is online and happy to help.
          </p>
        )}
        <FormField label="Name" error={form.errors.visitorName}>
          <Input
            name="visitorName"
            autoComplete="name"
            value={form.values.visitorName}
            onChange={(e) => form.setValue('visitorName', e.target.value)}
            autoFocus
          />
        </FormField>
        <FormField
          label="Email"
          optional={!away}
          hint={away ? 'So we can reply when we are back.' : undefined}
          error={form.errors.visitorEmail}
        >
          <Input
            name="visitorEmail"
            type="email"
            autoComplete="email"
            value={form.values.visitorEmail ?? ''}
            onChange={(e) => form.setValue('visitorEmail', e.target.value)}
          />
        </FormField>
      </div>
      <div className="border-t border-slate-200 p-4">
        <Button type="submit" disabled={start.isPending} className="w-full">
          {start.isPending ? 'Starting...' : 'Start Chat'}
        </Button>
      </div>
    </form>
  );
}
