import net from 'node:net';

export interface TcpProxy {
  /** The port clients connect to. */
  port: number;
  /** Starts (or restarts, on the same port) forwarding to the target. */
  start(): Promise<void>;
  /** Stops listening and cuts every forwarded connection: the target looks gone. */
  stop(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP forwarder to a real server (PostgreSQL in the outage tests): stopping
 * it makes the server unreachable exactly as a network cut or a stopped
 * database would (refused connections, open ones reset), without touching the
 * server other tests use.
 */
export async function createTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        port = (s.address() as net.AddressInfo).port;
        server = s;
        resolve();
      });
    });
  const stop = async () => {
    const s = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };
  await listen();
  return {
    get port() {
      return port;
    },
    start: () => (server ? Promise.resolve() : listen()),
    stop,
    close: stop,
  };
}
