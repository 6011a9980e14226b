import { useState } from 'react';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useSchemaForm } from '@/lib/form';
import { serverUrlSchema } from '../../common/server-url';
import { desktop } from '../bridge';
import { Screen } from './screen';

const connectSchema = z.object({ serverUrl: serverUrlSchema }).strict();

/** First run: which server the console works with (remembered; the page reloads once it is saved). */
export function ConnectScreen() {
  const form = useSchemaForm(connectSchema, { serverUrl: '' });
  const [pending, setPending] = useState(false);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    form.submit(async ({ serverUrl }) => {
      setPending(true);
      const result = await desktop.setServer(serverUrl);
      // On success the main process reloads the page with the new server.
      if (!result.ok) {
        form.setErrors({ serverUrl: result.message });
        setPending(false);
      }
    }, event.currentTarget as HTMLFormElement);
  };

  return (
    <Screen
      title="Connect to your server"
      description="Enter the address of your Northstar website. The console remembers it."
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <FormField label="Server address" error={form.errors.serverUrl} hint="For example https://www.example.com">
          <Input
            name="serverUrl"
            type="url"
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            value={form.values.serverUrl}
            onChange={(e) => form.setValue('serverUrl', e.target.value)}
          />
        </FormField>
        <Button type="submit" size="lg" disabled={pending}>
          {pending ? 'Connecting...' : 'Connect'}
        </Button>
      </form>
    </Screen>
  );
}
