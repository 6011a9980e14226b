import { changePasswordFormSchema } from '@shared/schemas/account';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { NewPasswordFields, PasswordField } from '@/components/ui/password-field';
import { useSchemaForm } from '@/lib/form';
import { toast } from '@/lib/toast';
import { useChangePassword } from '../api/account';

const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** A new password, given the current one; other devices are signed out. */
export function PasswordCard() {
  const form = useSchemaForm(changePasswordFormSchema, empty);
  const change = useChangePassword();

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const formElement = event.currentTarget as HTMLFormElement;
    form.submit(({ currentPassword, newPassword }) => {
      change.mutate(
        { currentPassword, newPassword },
        {
          onSuccess: (answer) => {
            form.setValues(empty);
            toast({ title: 'Password Changed', description: answer.message });
          },
          onError: (error) => {
            const message = form.showApiError(error, 'Failed to change your password', formElement);
            if (message) toast({ title: 'Change Failed', description: message, variant: 'destructive' });
          },
        },
      );
    }, formElement);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Password</CardTitle>
        <CardDescription>Changing it signs you out on every other device.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <PasswordField
            label="Current password"
            name="currentPassword"
            autoComplete="current-password"
            value={form.values.currentPassword}
            onChange={(value) => form.setValue('currentPassword', value)}
            error={form.errors.currentPassword}
          />
          <NewPasswordFields
            name="newPassword"
            value={form.values.newPassword}
            confirmValue={form.values.confirmPassword}
            onChange={(value) => form.setValue('newPassword', value)}
            onConfirmChange={(value) => form.setValue('confirmPassword', value)}
            error={form.errors.newPassword}
            confirmError={form.errors.confirmPassword}
          />
          <Button type="submit" className="self-start" disabled={change.isPending}>
            {change.isPending ? 'Saving...' : 'Change Password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
