import { useState } from 'react';
import { loginSchema, type PublicUser } from '@shared/schemas/auth';
import type { LoginResult } from '../../common/ipc-channels';
import { Button } from '@/components/ui/button';
import { LoginFields } from '@/features/auth/components/login-fields';
import { TwoFactorCodeField } from '@/features/auth/components/two-factor-code-field';
import { useSchemaForm } from '@/lib/form';
import { toast } from '@/lib/toast';
import { desktop } from '../bridge';
import { SignedOutBanner } from './console-banner';
import { Screen, serverName } from './screen';

interface LoginScreenProps {
  serverUrl: string;
  /** The previous session ended (logged out elsewhere, expired, or the account changed). */
  expired: boolean;
  onLoggedIn(user: PublicUser): void;
}

/** Staff log in with their username and password; the main process keeps the session token. */
export function LoginScreen({ serverUrl, expired, onLoggedIn }: LoginScreenProps) {
  const form = useSchemaForm(loginSchema, { username: '', password: '' });
  const [pending, setPending] = useState(false);
  // Two-factor sign-in: the password was right, a code finishes the login (decision 169).
  const [secondStep, setSecondStep] = useState(false);
  const [code, setCode] = useState('');

  const answered = (result: LoginResult) => {
    if (result.ok) {
      toast({ title: 'Welcome Back', description: `Logged in as ${result.user.username}.` });
      onLoggedIn(result.user);
    } else if ('twoFactorRequired' in result) {
      setSecondStep(true);
    } else {
      toast({ title: 'Login Failed', description: result.message || 'Failed to log in', variant: 'destructive' });
    }
  };

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (secondStep) {
      if (!code.trim()) return;
      setPending(true);
      void desktop.logInSecondStep(code).then((result) => {
        setPending(false);
        answered(result);
      });
      return;
    }
    form.submit(async (credentials) => {
      setPending(true);
      const result = await desktop.logIn(credentials);
      setPending(false);
      answered(result);
    }, event.currentTarget as HTMLFormElement);
  };

  return (
    <>
      {expired ? <SignedOutBanner /> : null}
      <Screen title="Staff Console" description={`Log in to ${serverName(serverUrl)} with your staff account.`}>
        {expired ? (
          <p role="status" className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            Your session has ended. Please log in again.
          </p>
        ) : null}
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          {secondStep ? (
            <>
              <p className="text-sm text-slate-700">
                Two-factor sign-in is on for this account. Enter the 6-digit code your authenticator app shows now.
              </p>
              <TwoFactorCodeField value={code} onChange={setCode} />
              <Button type="submit" size="lg" disabled={pending}>
                {pending ? 'Verifying...' : 'Verify'}
              </Button>
              <Button
                variant="ghost"
                onClick={() => {
                  setSecondStep(false);
                  setCode('');
                  form.setValue('password', '');
                }}
              >
                Start over
              </Button>
            </>
          ) : (
            <>
              <LoginFields values={form.values} errors={form.errors} setValue={form.setValue} />
              <Button type="submit" size="lg" disabled={pending}>
                {pending ? 'Logging in...' : 'Log In'}
              </Button>
            </>
          )}
          <Button variant="ghost" onClick={() => void desktop.setServer(null)}>
            Use another server
          </Button>
        </form>
      </Screen>
    </>
  );
}
