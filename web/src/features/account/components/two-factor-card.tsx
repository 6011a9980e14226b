import { useState } from 'react';
import type { Account } from '@shared/schemas/account';
import type { TwoFactorSetupAnswer } from '@shared/schemas/two-factor';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordField } from '@/components/ui/password-field';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useDisableTwoFactor, useEnableTwoFactor, useSetUpTwoFactor } from '../api/two-factor';
import { RecoveryCodes } from './recovery-codes';
import { TwoFactorQr } from './two-factor-qr';

/** A server message "field: text" without its field name. */
const withoutField = (message: string) => message.replace(/^(code|password): /, '');

/** Two-factor sign-in: set it up (QR code, secret, a code to confirm), the recovery codes once, or turn it off. */
export function TwoFactorCard({ account, onEnabled }: { account: Account; onEnabled?: () => void }) {
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Two-factor sign-in</CardTitle>
        <CardDescription>
          {account.twoFactorRequired
            ? 'Required for administrators: a code from an authenticator app after your password.'
            : 'A code from an authenticator app after your password, so a stolen password is not enough.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {recoveryCodes ? (
          <RecoveryCodes
            codes={recoveryCodes}
            onDone={() => {
              setRecoveryCodes(null);
              onEnabled?.();
            }}
          />
        ) : account.twoFactorEnabled ? (
          <EnabledState account={account} />
        ) : (
          <SetUp onEnabled={setRecoveryCodes} />
        )}
      </CardContent>
    </Card>
  );
}

function SetUp({ onEnabled }: { onEnabled(codes: string[]): void }) {
  const setUp = useSetUpTwoFactor();
  const enable = useEnableTwoFactor();
  const [pending, setPending] = useState<TwoFactorSetupAnswer | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (!pending) {
    return (
      <div className="flex flex-col gap-3">
        <p className="text-sm text-slate-700">Two-factor sign-in is off.</p>
        {setUp.isError ? <FormAlert>{errorMessage(setUp.error, 'Failed to start the setup')}</FormAlert> : null}
        <Button
          type="button"
          className="self-start"
          disabled={setUp.isPending}
          onClick={() => setUp.mutate(undefined, { onSuccess: setPending })}
        >
          {setUp.isPending ? 'Starting...' : 'Set up two-factor sign-in'}
        </Button>
      </div>
    );
  }

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!/^\d{6}$/.test(code.trim())) {
      setError('Enter the 6-digit code your app shows');
      return;
    }
    enable.mutate(
      { code },
      {
        onSuccess: (answer) => {
          toast({ title: 'Two-Factor Sign-In On', description: 'Save your recovery codes now.' });
          onEnabled(answer.recoveryCodes);
        },
        onError: (err) => setError(withoutField(errorMessage(err, 'Failed to turn on two-factor sign-in'))),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>Scan this QR code with an authenticator app (or type the key below into it).</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <TwoFactorQr otpauthUrl={pending.otpauthUrl} />
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Key</p>
          <code data-testid="two-factor-secret" className="font-mono text-sm break-all text-navy-900">
            {pending.secret}
          </code>
        </div>
      </div>
      <FormField label="6-digit code" {...(error ? { error } : {})}>
        <Input
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      </FormField>
      <Button type="submit" className="self-start" disabled={enable.isPending}>
        {enable.isPending ? 'Checking...' : 'Turn on'}
      </Button>
    </form>
  );
}

function EnabledState({ account }: { account: Account }) {
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (account.twoFactorRequired) {
    return <p className="text-sm text-slate-700">Two-factor sign-in is on. Administrators cannot turn it off.</p>;
  }

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    disable.mutate(
      { password, code },
      {
        onSuccess: (answer) => {
          setPassword('');
          setCode('');
          toast({ title: 'Two-Factor Sign-In Off', description: answer.message });
        },
        onError: (err) => setError(withoutField(errorMessage(err, 'Failed to turn off two-factor sign-in'))),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Turn off two-factor sign-in">
      <p className="text-sm text-slate-700">Two-factor sign-in is on. To turn it off, confirm it is you.</p>
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
      />
      <FormField label="Code from your app or a recovery code">
        <Input name="code" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
      </FormField>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <Button type="submit" variant="destructive" className="self-start" disabled={disable.isPending}>
        {disable.isPending ? 'Turning off...' : 'Turn off two-factor sign-in'}
      </Button>
    </form>
  );
}
