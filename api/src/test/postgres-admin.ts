import pg from 'pg';

/** Runs statements on the server's maintenance connection (CREATE/DROP DATABASE). */
export async function withAdminClient<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export const TEST_DATABASE_PREFIX = 'nstest_';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Drops test databases left behind by test runs that crashed (their process is gone). */
export async function dropOrphanedTestDatabases(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ datname: string }>(
    `select datname from pg_database where datname like '${TEST_DATABASE_PREFIX}%'`,
  );
  for (const { datname } of rows) {
    const pid = Number(datname.slice(TEST_DATABASE_PREFIX.length).split('_')[0]);
    if (Number.isInteger(pid) && !isAlive(pid)) {
      await client.query(`drop database if exists "${datname}" with (force)`);
    }
  }
}
