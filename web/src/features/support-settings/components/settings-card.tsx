import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';

/** What a card needs of its setting's query (or of several read together). */
export interface SettingQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data?: T;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * One setting's card on a settings screen: its title and what it does, a
 * spinner while the setting loads, the reason when it could not be loaded,
 * then its form (`children`, given the loaded value).
 */
export function SettingsCard<T>({
  title,
  description,
  query,
  setting,
  children,
}: {
  title: string;
  description: ReactNode;
  query: SettingQuery<T>;
  /** What loads, for the spinner and a failure without a message of its own: "the survey setting". */
  setting: string;
  children(value: T): ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Spinner label={`Loading ${setting}`} />
        ) : query.isError || query.data === undefined ? (
          <FormAlert>{errorMessage(query.error, `${capitalized(setting)} could not be loaded.`)}</FormAlert>
        ) : (
          children(query.data)
        )}
      </CardContent>
    </Card>
  );
}
