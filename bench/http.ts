/**
 * `npm run bench`: the production build against a bare node:http server, in
 * the same run on the same machine, at 100 connections.
 * Goal: every API route at ≥ 0.5× the node:http figure.
 */
import {
  benchDatabase,
  compare,
  DURATION,
  ensureBuild,
  machine,
  ROUNDS,
  startHelloServer,
  startProductionServer,
} from './support';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);

ensureBuild();
const database = await benchDatabase();
const hello = await startHelloServer();
const app = await startProductionServer(database.url);

try {
  // A logged-in visitor's cookie, for the authenticated case.
  const username = `bench_${Date.now()}`;
  const signup = await fetch(`${app.url}/api/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: 'bench-password' }),
  });
  if (signup.status !== 201) throw new Error(`signup failed: ${signup.status}`);
  const cookie = signup.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

  console.log(`Machine: ${machine()}`);
  console.log(`${CONNECTIONS} connections, ${DURATION} s per target after a 2 s warm-up, median of ${ROUNDS} rounds\n`);
  await compare({ name: 'node:http hello world', options: { url: hello.url, connections: CONNECTIONS } }, [
    { name: 'GET /healthz', options: { url: `${app.url}/healthz`, connections: CONNECTIONS } },
    {
      name: 'GET /api/auth/user (logged out → 401)',
      options: { url: `${app.url}/api/auth/user`, connections: CONNECTIONS, expectStatus: 401 },
    },
    {
      name: 'GET /api/auth/user (logged in)',
      options: { url: `${app.url}/api/auth/user`, connections: CONNECTIONS, headers: { cookie } },
    },
  ]);
} finally {
  await app.stop();
  await hello.stop();
  await database.stop();
}
