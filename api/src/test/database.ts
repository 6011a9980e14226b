import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { databaseUrl, TEST_DATABASE_PREFIX, withAdminClient } from './postgres-admin';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A fresh database with the latest schema and no rows, for one test file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const { adminUrl, template, runId } = inject('testDatabase');
  const name = `${TEST_DATABASE_PREFIX}${runId}_${randomBytes(5).toString('hex')}`;
  await withAdminClient(adminUrl, async (client) => {
    // Clones of one template can't start while another session uses it; retry briefly.
    for (let attempt = 0; ; attempt += 1) {
      try {
        await client.query(`create database "${name}" template "${template}"`);
        return;
      } catch (err) {
        if (attempt >= 20 || !String((err as Error).message).includes('is being accessed')) throw err;
        await new Promise((resolve) => setTimeout(resolve, 100 + attempt * 50));
      }
    }
  });
  return {
    url: databaseUrl(adminUrl, name),
    drop: () =>
      withAdminClient(adminUrl, (client) => client.query(`drop database if exists "${name}" with (force)`)).then(
        () => undefined,
      ),
  };
}
