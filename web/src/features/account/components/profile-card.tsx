import type { Account } from '@shared/schemas/account';
import { profileFormSchema } from '@shared/schemas/account';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useSchemaForm } from '@/lib/form';
import { toast } from '@/lib/toast';
import { useUpdateProfile } from '../api/account';
import { EmailVerificationNote } from './email-verification-note';

/**
 * First and last name (saved at once) and the email: a new address is used
 * only after the link sent to it is followed.
 */
export function ProfileCard({ account }: { account: Account }) {
  const form = useSchemaForm(profileFormSchema, {
    firstName: account.firstName ?? '',
    lastName: account.lastName ?? '',
    email: account.pendingEmail ?? account.email ?? '',
  });
  const update = useUpdateProfile();

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const formElement = event.currentTarget as HTMLFormElement;
    form.submit((data) => {
      const email = data.email.toLowerCase();
      const unchangedEmail = email === (account.pendingEmail ?? account.email ?? '');
      update.mutate(
        { firstName: data.firstName, lastName: data.lastName, ...(unchangedEmail ? {} : { email }) },
        {
          onSuccess: (updated) => {
            const waiting = !unchangedEmail && updated.pendingEmail;
            toast({
              title: 'Profile Saved',
              description: waiting
                ? `We sent a link to ${updated.pendingEmail}. Your email changes once you follow it.`
                : 'Your details are up to date.',
            });
          },
          onError: (error) => {
            const message = form.showApiError(error, 'Failed to save your profile', formElement);
            if (message) toast({ title: 'Save Failed', description: message, variant: 'destructive' });
          },
        },
      );
    }, formElement);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile</CardTitle>
        <CardDescription>Your name, and the email address we write to.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="First name" optional error={form.errors.firstName}>
              <Input
                name="firstName"
                autoComplete="given-name"
                value={form.values.firstName ?? ''}
                onChange={(e) => form.setValue('firstName', e.target.value)}
              />
            </FormField>
            <FormField label="Last name" optional error={form.errors.lastName}>
              <Input
                name="lastName"
                autoComplete="family-name"
                value={form.values.lastName ?? ''}
                onChange={(e) => form.setValue('lastName', e.target.value)}
              />
            </FormField>
          </div>
          <FormField
            label="Email"
            optional
            error={form.errors.email}
            hint="Needed to reset your password and to receive receipts. A new address takes effect once confirmed."
          >
            <Input
              name="email"
              type="email"
              autoComplete="email"
              value={form.values.email}
              onChange={(e) => form.setValue('email', e.target.value)}
            />
          </FormField>
          {account.pendingEmail ? (
            <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
              Waiting for confirmation: follow the link we sent to <strong>{account.pendingEmail}</strong>. Until then
              we use {account.email ?? 'no address'}.
            </p>
          ) : null}
          <EmailVerificationNote account={account} />
          <Button type="submit" className="self-start" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Profile'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
