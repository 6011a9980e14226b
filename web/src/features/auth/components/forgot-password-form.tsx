import { MailCheck } from 'lucide-react';
import { Link } from 'react-router-dom';
import { passwordResetRequestSchema } from '@shared/schemas/account';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useSchemaForm } from '@/lib/form';
import { toast } from '@/lib/toast';
import { useRequestPasswordReset } from '../api/password-reset';

/** Asks for a reset link by username or email; the answer is the same whatever the account. */
export function ForgotPasswordForm() {
  const form = useSchemaForm(passwordResetRequestSchema, { login: '' });
  const request = useRequestPasswordReset();

  if (request.isSuccess) {
    return (
      <div role="status" className="flex flex-col items-center gap-4 text-center">
        <MailCheck className="h-10 w-10 text-green-700" aria-hidden="true" />
        <p className="text-slate-700">{request.data.message}</p>
        <p className="text-sm text-slate-600">
          No email? Check your spam folder, or{' '}
          <button
            type="button"
            className="cursor-pointer font-semibold text-blue-700 hover:underline"
            onClick={() => request.reset()}
          >
            try again
          </button>
          . Accounts without an email address cannot be reset this way: contact us.
        </p>
      </div>
    );
  }

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const formElement = event.currentTarget as HTMLFormElement;
    form.submit((data) => {
      request.mutate(data, {
        onError: (error) => {
          const message = form.showApiError(error, 'Failed to request a password reset', formElement);
          if (message) toast({ title: 'Request Failed', description: message, variant: 'destructive' });
        },
      });
    }, formElement);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormField label="Username or email" error={form.errors.login}>
        <Input
          name="login"
          autoComplete="username"
          value={form.values.login}
          onChange={(e) => form.setValue('login', e.target.value)}
        />
      </FormField>
      <Button type="submit" size="lg" disabled={request.isPending}>
        {request.isPending ? 'Sending...' : 'Send Reset Link'}
      </Button>
      <p className="text-center text-sm text-slate-600">
        Remembered it?{' '}
        <Link to="/login" className="font-semibold text-blue-700 hover:underline">
          Log in
        </Link>
      </p>
    </form>
  );
}
