import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { resetPasswordFormSchema } from '@shared/schemas/account';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { NewPasswordFields } from '@/components/ui/password-field';
import { ApiError } from '@/lib/api-client';
import { placeApiError, useSchemaForm } from '@/lib/form';
import { toast } from '@/lib/toast';
import { useHydrated } from '@/lib/use-hydrated';
import { useConfirmPasswordReset } from '../api/password-reset';
import { useLogout } from '../api/use-auth-mutations';

/** The new password, twice, for the token of the emailed link (?token=…). */
export function ResetPasswordForm() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const form = useSchemaForm(resetPasswordFormSchema, { password: '', confirmPassword: '' });
  const confirm = useConfirmPasswordReset();
  // The server ended every session of the account: forget the one this page may know.
  const logout = useLogout();
  const navigate = useNavigate();
  const hydrated = useHydrated();

  if (!hydrated) return <Spinner className="py-8" label="Loading" />;
  if (!token) {
    return (
      <p className="text-slate-700">
        This page needs the link from your password reset email.{' '}
        <Link to="/forgot-password" className="font-semibold text-blue-700 hover:underline">
          Ask for a new link
        </Link>
        .
      </p>
    );
  }

  // A refused link (used, expired) is said above the form, with the way to get a new one.
  const serverMessage = confirm.error instanceof ApiError ? confirm.error.serverMessage : null;
  const linkProblem = serverMessage && placeApiError(serverMessage, ['password']).field === null ? serverMessage : null;

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const formElement = event.currentTarget as HTMLFormElement;
    form.submit(({ password }) => {
      confirm.mutate(
        { token, password },
        {
          onSuccess: (answer) => {
            toast({ title: 'Password Reset', description: answer.message });
            logout.mutate(undefined, { onSettled: () => navigate('/login', { replace: true }) });
          },
          onError: (error) => {
            const message = form.showApiError(error, 'Failed to reset the password', formElement);
            if (message) toast({ title: 'Reset Failed', description: message, variant: 'destructive' });
          },
        },
      );
    }, formElement);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {linkProblem ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {linkProblem}{' '}
          <Link to="/forgot-password" className="font-semibold underline">
            Ask for a new link
          </Link>
        </p>
      ) : null}
      <NewPasswordFields
        name="password"
        value={form.values.password}
        confirmValue={form.values.confirmPassword}
        onChange={(value) => form.setValue('password', value)}
        onConfirmChange={(value) => form.setValue('confirmPassword', value)}
        error={form.errors.password}
        confirmError={form.errors.confirmPassword}
      />
      <Button type="submit" size="lg" disabled={confirm.isPending}>
        {confirm.isPending ? 'Saving...' : 'Set New Password'}
      </Button>
    </form>
  );
}
