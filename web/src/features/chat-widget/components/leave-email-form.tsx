import { useState } from 'react';
import { updateChatContactSchema, type ChatConversation } from '@shared/schemas/chat';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { fieldErrors } from '@/lib/form';
import { toast } from '@/lib/toast';
import { useUpdateChatContact } from '../api/update-contact';

/** Away mode, in a chat started without an email: ask for one so staff can answer later. */
export function LeaveEmailForm({
  conversationId,
  onSaved,
}: {
  conversationId: string;
  onSaved(conversation: ChatConversation): void;
}) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const update = useUpdateChatContact(conversationId);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = updateChatContactSchema.safeParse({ visitorEmail: email });
    if (!parsed.success || !parsed.data.visitorEmail) {
      setError(
        parsed.success
          ? 'Please enter your email address'
          : fieldErrors<{ visitorEmail: string }>(parsed.error).visitorEmail,
      );
      return;
    }
    update.mutate(parsed.data.visitorEmail, {
      onSuccess: (conversation) => {
        onSaved(conversation);
        toast({ title: 'Email Saved', description: "We'll reply to you by email." });
      },
      onError: () =>
        toast({ title: 'Error', description: 'Failed to save your email. Please try again.', variant: 'destructive' }),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
      <FormField label="Your email" error={error}>
        <Input
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setError(undefined);
          }}
        />
      </FormField>
      <Button type="submit" size="sm" variant="outline" disabled={update.isPending}>
        Save email
      </Button>
    </form>
  );
}
