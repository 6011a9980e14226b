import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { loginSchema } from '@shared/schemas/auth';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { errorMessage } from '@/lib/api-client';
import { placeApiError, useSchemaForm } from '@/lib/form';
import { toast } from '@/lib/toast';
import type { PublicUser } from '@shared/schemas/auth';
import { needsSecondStep, useLogin, useLoginSecondStep } from '../api/use-auth-mutations';
import { useAuthLink, useLandingPath, useNextPath } from './auth-redirects';
import { LoginFields } from './login-fields';
import { TwoFactorCodeField } from './two-factor-code-field';

export function LoginForm() {
  const form = useSchemaForm(loginSchema, { username: '', password: '' });
  const login = useLogin();
  const navigate = useNavigate();
  const next = useNextPath();
  const landing = useLandingPath();
  const [failure, setFailure] = useState<string | null>(null);
  const [secondStep, setSecondStep] = useState(false);
  const signupHref = useAuthLink('/signup', next);

  const signedIn = (user: PublicUser) => {
    toast({ title: 'Welcome Back', description: `Logged in as ${user.username}.` });
    navigate(landing(user), { replace: true });
  };

  if (secondStep) {
    return (
      <SecondStepForm
        onSignedIn={signedIn}
        onStartOver={() => {
          form.setValue('password', '');
          setSecondStep(false);
        }}
      />
    );
  }

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const formElement = event.currentTarget as HTMLFormElement;
    form.submit((data) => {
      login.mutate(data, {
        onSuccess: (answer) => {
          if (needsSecondStep(answer)) setSecondStep(true);
          else signedIn(answer);
        },
        onError: (error) => {
          const message = form.showApiError(error, 'Failed to log in', formElement);
          if (!message) return;
          toast({ title: 'Login Failed', description: message, variant: 'destructive' });
          setFailure(message);
        },
      });
    }, formElement);
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

/** The login's second step, for an account with two-factor sign-in: the same card, a code instead of the password. */
function SecondStepForm({ onSignedIn, onStartOver }: { onSignedIn(user: PublicUser): void; onStartOver(): void }) {
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const verify = useLoginSecondStep();

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!code.trim()) {
      setFailure('Enter the 6-digit code from your app or a recovery code');
      return;
    }
    verify.mutate(
      { code },
      {
        onSuccess: onSignedIn,
        // The only field is the code: its refusal ("code: …") is said beside it, without the field's name.
        onError: (error) =>
          setFailure(placeApiError(errorMessage(error, 'Failed to verify the code'), ['code']).message),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Two-factor sign-in">
      <p className="text-sm text-slate-700">
        Two-factor sign-in is on for this account. Enter the 6-digit code your authenticator app shows now.
      </p>
      <TwoFactorCodeField value={code} onChange={setCode} />
      {failure ? <FormAlert>Login failed: {failure}</FormAlert> : null}
      <Button type="submit" size="lg" disabled={verify.isPending}>
        {verify.isPending ? 'Verifying...' : 'Verify'}
      </Button>
      <button
        type="button"
        onClick={onStartOver}
        className="cursor-pointer text-center text-sm font-semibold text-blue-700 hover:underline"
      >
        Start over with your username and password
      </button>
    </form>
  );
}
