import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { loginSchema } from '@shared/schemas/auth';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { errorMessage } from '@/lib/api-client';
import { useSchemaForm } from '@/lib/form';
import { toast } from '@/lib/toast';
import { useLogin } from '../api/use-auth-mutations';
import { useAuthLink, useLandingPath, useNextPath } from './auth-redirects';
import { LoginFields } from './login-fields';

export function LoginForm() {
  const form = useSchemaForm(loginSchema, { username: '', password: '' });
  const login = useLogin();
  const navigate = useNavigate();
  const next = useNextPath();
  const landing = useLandingPath();
  const [failure, setFailure] = useState<string | null>(null);
  const signupHref = useAuthLink('/signup', next);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    form.submit((data) => {
      login.mutate(data, {
        onSuccess: (user) => {
          toast({ title: 'Welcome Back', description: `Logged in as ${user.username}.` });
          navigate(landing(user), { replace: true });
        },
        onError: (error) => {
          const message = errorMessage(error, 'Failed to log in');
          toast({ title: 'Login Failed', description: message, variant: 'destructive' });
          setFailure(message);
        },
      });
    }, event.currentTarget as HTMLFormElement);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <LoginFields values={form.values} errors={form.errors} setValue={form.setValue} />
      <p className="-mt-2 text-right text-sm">
        <Link to="/forgot-password" className="font-semibold text-blue-700 hover:underline">
          Forgot your password?
        </Link>
      </p>
      {failure ? <FormAlert>Login failed: {failure}</FormAlert> : null}
      <Button type="submit" size="lg" disabled={login.isPending}>
        {login.isPending ? 'Logging in...' : 'Log In'}
      </Button>
      <p className="text-center text-sm text-slate-600">
        Don&apos;t have an account?{' '}
        <Link to={signupHref} className="font-semibold text-blue-700 hover:underline">
          Sign up
        </Link>
      </p>
    </form>
  );
}
