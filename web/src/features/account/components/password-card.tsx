import { changePasswordFormSchema } from '@shared/schemas/account';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { useSchemaForm } from '@/lib/form';
import { toast } from '@/lib/toast';
import { useChangePassword } from '../api/account';
import { placeFieldError } from './server-field-error';

const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** A new password, given the current one; other devices are signed out. */
export function PasswordCard() {
  const form = useSchemaForm(changePasswordFormSchema, empty);
  const change = useChangePassword();

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    form.submit(({ currentPassword, newPassword }) => {
      change.mutate(
        { currentPassword, newPassword },
        {
          onSuccess: (answer) => {
            form.setValues(empty);
            toast({ title: 'Password Changed', description: answer.message });
          },
          onError: (error) => {
            const message = errorMessage(error, 'Failed to change your password');
            if (!placeFieldError(message, ['currentPassword', 'newPassword'], form.setErrors)) {
              toast({ title: 'Change Failed', description: message, variant: 'destructive' });
            }
          },
        },
      );
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Password</CardTitle>
        <CardDescription>Changing it signs you out on every other device.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <FormField label="Current password" error={form.errors.currentPassword}>
            <Input
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              value={form.values.currentPassword}
              onChange={(e) => form.setValue('currentPassword', e.target.value)}
            />
          </FormField>
          <FormField
            label="New password"
            error={form.errors.newPassword}
            hint="At least 6 characters, not a common one."
          >
            <Input
              name="newPassword"
              type="password"
              autoComplete="new-password"
              value={form.values.newPassword}
              onChange={(e) => form.setValue('newPassword', e.target.value)}
            />
          </FormField>
          <FormField label="Confirm new password" error={form.errors.confirmPassword}>
            <Input
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              value={form.values.confirmPassword}
              onChange={(e) => form.setValue('confirmPassword', e.target.value)}
            />
          </FormField>
          <Button type="submit" className="self-start" disabled={change.isPending}>
            {change.isPending ? 'Saving...' : 'Change Password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
