/**
 * How long a client may take to send a request, stay idle, or keep a connection alive: Fastify's and Node's
 * server timeouts from one set of settings (REQUEST_TIMEOUT_MS, CONNECTION_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS;
 * docs/edge.md), so a slow body is cut.
 */
/** Fastify's (Node's) connection timeouts, in milliseconds; 0 switches the first two off. */
export interface HttpTimeouts {
  readonly requestTimeoutMs: number;
  readonly connectionTimeoutMs: number;
  readonly keepAliveTimeoutMs: number;
}

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = { requestTimeoutMs: 30_000, connectionTimeoutMs: 120_000, keepAliveTimeoutMs: 72_000 };

/**
 * Node checks pending requests against their timeout every `connectionsCheckingInterval` (30 s by default,
 * which would let a slow body live up to 30 s past its limit): a quarter of the limit, within bounds.
 */
export function serverTimeouts(given: Partial<HttpTimeouts> | undefined) {
  const { requestTimeoutMs, connectionTimeoutMs, keepAliveTimeoutMs } = { ...DEFAULT_HTTP_TIMEOUTS, ...given };
  const checkEvery = requestTimeoutMs > 0 ? Math.min(5_000, Math.max(100, Math.floor(requestTimeoutMs / 4))) : 30_000;
  return {
    requestTimeout: requestTimeoutMs,
    connectionTimeout: connectionTimeoutMs,
    keepAliveTimeout: keepAliveTimeoutMs,
    http: {
      requestTimeout: requestTimeoutMs,
      headersTimeout: requestTimeoutMs > 0 ? Math.min(60_000, requestTimeoutMs) : 60_000,
      connectionsCheckingInterval: checkEvery,
    },
  };
}
