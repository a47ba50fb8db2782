/**
 * The metrics' own listener (METRICS_PORT): `GET /metrics` in the Prometheus text format, and nothing
 * else (404). It is a plain node:http server apart from the public one, so the public port never serves
 * metrics and the metrics port serves nothing of the API; bind it where only the scraper reaches.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Metrics } from './metrics.js';

export interface MetricsListener {
  /** e.g. http://127.0.0.1:9464 */
  readonly url: string;
  close(): Promise<void>;
}

export async function listenForScrapes(metrics: Metrics, port: number, host: string): Promise<MetricsListener> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'only GET /metrics is served here' } }));
      return;
    }
    metrics.text().then(
      (text) => response.writeHead(200, { 'content-type': metrics.contentType }).end(request.method === 'HEAD' ? undefined : text),
      (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${String(error)}`),
    );
  });
  server.keepAliveTimeout = 65_000; // longer than Prometheus' scrape interval: one connection per scraper
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
