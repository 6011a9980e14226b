import { Link, useNavigate } from 'react-router-dom';
import { signupSchema } from '@shared/schemas/auth';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useSchemaForm } from '@/lib/form';
import { toast } from '@/lib/toast';
import { useSignup } from '../api/use-auth-mutations';
import { useAuthLink, useNextPath } from './auth-redirects';

/** `next` overrides where to go after signing up (default: the ?next= of the page, else /portal). */
export function SignupForm({ onDone, next: nextOverride }: { onDone?: () => void; next?: string }) {
  const form = useSchemaForm(signupSchema, { username: '', password: '', email: '', firstName: '', lastName: '' });
  const signup = useSignup();
  const navigate = useNavigate();
  const nextFromQuery = useNextPath();
  const next = nextOverride ?? nextFromQuery;
  const loginHref = useAuthLink('/login', next);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const formElement = event.currentTarget as HTMLFormElement;
    form.submit((data) => {
      signup.mutate(data, {
        onSuccess: (user) => {
          toast({ title: 'Account Created', description: `Welcome, ${user.firstName || user.username}!` });
          onDone?.();
          navigate(next, { replace: true });
        },
        // A refusal about a field ("password: This password is too common…") goes under it; others in a toast.
        onError: (error) => {
          const message = form.showApiError(error, 'Failed to sign up', formElement);
          if (message) toast({ title: 'Signup Failed', description: message, variant: 'destructive' });
        },
      });
    }, formElement);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormField label="Username" error={form.errors.username}>
        <Input
          name="username"
          autoComplete="username"
          value={form.values.username}
          onChange={(e) => form.setValue('username', e.target.value)}
        />
      </FormField>
      <FormField label="Password" error={form.errors.password} hint="At least 6 characters.">
        <Input
          name="password"
          type="password"
          autoComplete="new-password"
          value={form.values.password}
          onChange={(e) => form.setValue('password', e.target.value)}
        />
      </FormField>
      <FormField
        label="Email"
        optional
        error={form.errors.email}
        hint="For your receipts and to reset your password if you forget it."
      >
        <Input
          name="email"
          type="email"
          autoComplete="email"
          value={form.values.email ?? ''}
          onChange={(e) => form.setValue('email', e.target.value)}
        />
      </FormField>
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
      <Button type="submit" size="lg" disabled={signup.isPending}>
        {signup.isPending ? 'Creating account...' : 'Create Account'}
      </Button>
      <p className="text-center text-sm text-slate-600">
        Already have an account?{' '}
        <Link to={loginHref} className="font-semibold text-blue-700 hover:underline">
          Log in
        </Link>
      </p>
    </form>
  );
}
