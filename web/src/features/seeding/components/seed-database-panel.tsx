import { useState } from 'react';
import { CheckCircle2, Database, XCircle } from 'lucide-react';
import { adminTokenFormSchema } from '@shared/schemas/catalog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { ApiError } from '@/lib/api-client';
import { useSchemaForm } from '@/lib/form';
import { seedProducts } from '../api/seed-products';

type Result = { success: true; message: string; count: number } | { success: false; message: string };

/** Spec §8 error texts: the server's message, else a generic one by kind of failure. */
function failure(error: unknown): Result {
  if (error instanceof ApiError) return { success: false, message: error.serverMessage ?? 'Failed to seed database' };
  if (error instanceof TypeError) return { success: false, message: 'Failed to connect to server' };
  return { success: false, message: 'Network error occurred' };
}

/**
 * Spec §2 "Database Administration": the admin token and Seed Production
 * Database, with a result card. Takes nothing from the page around it, so the
 * desktop staff console shows it as is (against its own API base URL).
 */
export function SeedDatabasePanel({ headingLevel = 1 }: { headingLevel?: 1 | 2 }) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const form = useSchemaForm(adminTokenFormSchema, { token: '' });
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<Result | null>(null);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    form.submit(async ({ token }) => {
      setPending(true);
      setResult(null);
      try {
        const answer = await seedProducts(token);
        setResult({ success: true, message: answer.message, count: answer.count });
      } catch (error) {
        setResult(failure(error));
      } finally {
        setPending(false);
      }
    }, event.currentTarget as HTMLFormElement);
  };

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6">
      <div className="flex items-center gap-3">
        <Database className="h-8 w-8 text-blue-700" aria-hidden="true" />
        <Heading
          className={headingLevel === 1 ? 'text-3xl font-bold text-navy-900' : 'text-2xl font-bold text-navy-900'}
        >
          Database Administration
        </Heading>
      </div>
      <Card>
        <CardHeader>
          <CardTitle as={headingLevel === 1 ? 'h2' : 'h3'}>Seed the product catalogue</CardTitle>
          <CardDescription>
            Adds the technology-procurement catalogue to the shop. Products that already exist are left exactly as they
            are (prices, stock and images edited in the Catalogue stay); running it again inserts nothing new.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
            <FormField label="Admin token" error={form.errors.token}>
              <Input
                name="token"
                type="password"
                autoComplete="off"
                value={form.values.token}
                onChange={(e) => form.setValue('token', e.target.value)}
              />
            </FormField>
            <Button type="submit" size="lg" disabled={pending}>
              {pending ? 'Seeding...' : 'Seed Production Database'}
            </Button>
          </form>
        </CardContent>
      </Card>
      {result ? (
        <div
          role={result.success ? 'status' : 'alert'}
          className={cn(
            'flex gap-3 rounded-xl border p-6 shadow-sm',
            result.success ? 'border-green-300 bg-green-50' : 'border-red-300 bg-red-50',
          )}
        >
          {result.success ? (
            <CheckCircle2 className="h-6 w-6 shrink-0 text-green-700" aria-hidden="true" />
          ) : (
            <XCircle className="h-6 w-6 shrink-0 text-red-700" aria-hidden="true" />
          )}
          <div className="flex flex-col gap-1 text-sm">
            <p className={result.success ? 'font-semibold text-green-900' : 'font-semibold text-red-900'}>
              {result.success ? 'Success' : 'Error'}
            </p>
            <p className={result.success ? 'text-green-900' : 'text-red-900'}>{result.message}</p>
            {result.success ? (
              <p className="text-green-900">
                Products inserted: <strong>{result.count}</strong>
              </p>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}
