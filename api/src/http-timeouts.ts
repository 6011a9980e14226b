import http from 'node:http';
import type { Config } from './config';

/**
 * The HTTP server's limits for slow and silent clients
 * (docs/decisions/072-http-timeouts.md). Node counts the headers and request
 * timeouts from the moment a connection opens (or its previous response
 * ended), so a connection that never sends a byte is answered 408 and closed
 * like one that stalls half-way through its headers. Node enforces both by
 * sweeping its connections every `connectionsCheckingInterval` (30 s by
 * default): sweep often enough that a client is shed within a quarter of the
 * headers timeout past its deadline.
 */
export function httpServerOptions(timeouts: Config['http']): http.ServerOptions {
  return {
    headersTimeout: timeouts.headersTimeoutMs,
    requestTimeout: timeouts.requestTimeoutMs,
    keepAliveTimeout: timeouts.keepAliveTimeoutMs,
    connectionsCheckingInterval: Math.min(5_000, Math.max(250, Math.floor(timeouts.headersTimeoutMs / 4))),
  };
}

/** An HTTP server for `handler` with the configured timeouts. */
export function createHttpServer(handler: http.RequestListener, timeouts: Config['http']): http.Server {
  return http.createServer(httpServerOptions(timeouts), handler);
}
