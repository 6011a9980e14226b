// The baseline: the least a Node HTTP server can do.
import http from 'node:http';

const body = JSON.stringify({ hello: 'world' });
const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
