/**
 * A real local HTTP receiver for webhook tests (127.0.0.1 only). It records every request (raw body and
 * headers) and answers according to its mode: `ok` (204), a fixed status, `hang` (never answers), or down
 * (the port closed: connections are refused). It can come back up on the same port.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  readonly body: string;
  readonly headers: IncomingHttpHeaders;
  readonly status: number | null;
  readonly path: string;
}

export type Mode = 'ok' | 'hang' | number;

export class Receiver {
  readonly requests: Received[] = [];
  mode: Mode = 'ok';
  private server: Server | null = null;
  port = 0;

  static async start(): Promise<Receiver> {
    const receiver = new Receiver();
    await receiver.up();
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/hook`;
  }

  /** Requests answered with a 2xx: what the receiver accepted. */
  get accepted(): Received[] {
    return this.requests.filter((r) => r.status !== null && r.status >= 200 && r.status < 300);
  }

  async up(): Promise<void> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const mode = this.mode;
        const status = mode === 'hang' ? null : mode === 'ok' ? 204 : mode;
        this.requests.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers, status, path: req.url ?? '' });
        if (status === null) return;
        if (status >= 300 && status < 400) res.setHeader('location', `http://127.0.0.1:${this.port}/elsewhere`);
        res.statusCode = status;
        res.end();
      });
    });
    server.keepAliveTimeout = 100;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async down(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** Polls `check` until it returns a truthy value (no fixed sleeps); fails after `timeoutMs`. */
export async function waitFor<T>(check: () => T | Promise<T>, timeoutMs = 15_000, what = 'condition'): Promise<NonNullable<T>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const FAST_WEBHOOKS = {
  allowedHosts: ['127.0.0.1'],
  timeoutMs: 2_000,
  // Quick retries, but enough of them (about 13 s) that a slow machine never gives up during a test.
  retryScheduleMs: [200, 400, 800, ...Array.from({ length: 12 }, () => 1_000)],
  jitter: 0,
  sweepIntervalMs: 300,
} as const;
