// The baseline: the least a Node HTTP server can do. By default a hello-world JSON body; with
// BENCH_SAME_AS (a JSON file: { headers, body (base64) }) exactly the bytes a target of ours answers, headers and
// all, so a ratio compares the frameworks' work and not the size of what they send (issue 31).
import { readFileSync } from 'node:fs';
import http from 'node:http';

const same = process.env.BENCH_SAME_AS ? JSON.parse(readFileSync(process.env.BENCH_SAME_AS, 'utf8')) : null;
const body = same ? Buffer.from(same.body, 'base64') : Buffer.from(JSON.stringify({ hello: 'world' }));
const headers = {
  ...(same ? same.headers : { 'Content-Type': 'application/json' }),
  'Content-Length': body.byteLength,
};
const server = http.createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
