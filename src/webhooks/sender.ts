/**
 * One HTTP POST of a webhook: no redirects (a 3xx is a failure, as Standard Webhooks advises), a hard
 * timeout for the whole exchange, at most `maxResponseBytes` of the answer read, and a connection only to
 * the addresses the URL guard approved (checked again now, against DNS rebinding).
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { resolveAllowed, type UrlPolicy } from './url-guard.js';

export interface SendOptions {
  readonly timeoutMs: number;
  readonly maxResponseBytes: number;
  readonly policy: UrlPolicy;
}

export interface SendResult {
  /** HTTP status, or null when no response came (refused, timeout, DNS, guard). */
  readonly status: number | null;
  readonly latencyMs: number;
  readonly error: string | null;
  /** Seconds from a Retry-After header (429/503), when present. */
  readonly retryAfter: number | null;
}

export async function postWebhook(rawUrl: string, body: string, headers: Record<string, string>, options: SendOptions): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let url: URL;
  let addresses: { address: string; family: 4 | 6 }[];
  try {
    url = new URL(rawUrl);
    addresses = await resolveAllowed(url, options.policy);
  } catch (error) {
    return { status: null, latencyMs: elapsed(), error: `refused: ${(error as Error).message}`, retryAfter: null };
  }
  // Connect to the approved addresses only, whatever DNS says by now.
  const pinned: LookupFunction = (_hostname, opts, callback) => {
    const cb = callback as (...args: unknown[]) => void;
    if ((opts as { all?: boolean }).all) cb(null, addresses.map((a) => ({ address: a.address, family: a.family })));
    else cb(null, addresses[0]?.address, addresses[0]?.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (result: Omit<SendResult, 'latencyMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, latencyMs: elapsed() });
    };
    const request = client.request(url, {
      method: 'POST',
      lookup: pinned,
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': 'Portolan-Webhooks/1',
      },
    });
    const timer = setTimeout(() => {
      finish({ status: null, error: `timeout after ${options.timeoutMs} ms`, retryAfter: null });
      request.destroy(new Error('timeout'));
    }, options.timeoutMs);
    request.on('error', (error) => finish({ status: null, error: error.message || String(error), retryAfter: null }));
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      const retryHeader = response.headers['retry-after'];
      const retrySeconds = typeof retryHeader === 'string' && /^\d+$/.test(retryHeader) ? Number(retryHeader) : null;
      let read = 0;
      const done = () => {
        const ok = status >= 200 && status < 300;
        const error = ok ? null : status >= 300 && status < 400 ? `redirect (${status}) not followed` : `HTTP ${status}`;
        finish({ status, error, retryAfter: retrySeconds });
      };
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        // Enough: the answer's body is never used, only its status.
        if (read > options.maxResponseBytes) {
          done();
          response.destroy();
        }
      });
      response.on('end', done);
      response.on('error', done);
      response.on('close', done);
    });
    request.end(body);
  });
}
