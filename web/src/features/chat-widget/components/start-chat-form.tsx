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
  visitor = null,
  onStarted,
}: {
  away: boolean;
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
    <form onSubmit={onSubmit} noValidate className="flex flex-1 flex-col gap-4 overflow-y-auto p-4">
      {away ? (
        <AwayNotice />
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
      <Button type="submit" disabled={start.isPending} className="mt-auto">
        {start.isPending ? 'Starting...' : 'Start Chat'}
      </Button>
    </form>
  );
}
