/**
 * A counting TCP proxy in front of a real Postgres: every statement a client sends through it (a simple
 * Query, or an extended-protocol Execute) is counted, by the connection's application_name. Tests point
 * an app's database URL at it to see how many statements the app sends, exactly (Postgres' own statistics
 * are flushed lazily by idle backends, too late for a few seconds' window).
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export class PgCounter {
  /** Statements seen, by application_name ('' when the client sent none). */
  readonly statements = new Map<string, number>();
  private readonly sockets = new Set<net.Socket>();

  private constructor(private readonly server: net.Server, private readonly target: URL) {}

  /** Starts a proxy to the Postgres of `databaseUrl`; `url` is the same database through the proxy. */
  static async start(databaseUrl: string): Promise<PgCounter> {
    const target = new URL(databaseUrl);
    const server = net.createServer();
    const counter = new PgCounter(server, target);
    server.on('connection', (client) => counter.relay(client));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return counter;
  }

  get url(): string {
    const url = new URL(this.target);
    url.hostname = '127.0.0.1';
    url.port = String((this.server.address() as AddressInfo).port);
    return url.toString();
  }

  total(): number {
    let sum = 0;
    for (const n of this.statements.values()) sum += n;
    return sum;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private relay(client: net.Socket): void {
    const upstream = net.connect(Number(this.target.port || 5432), this.target.hostname);
    this.sockets.add(client).add(upstream);
    const forget = () => {
      client.destroy();
      upstream.destroy();
      this.sockets.delete(client);
      this.sockets.delete(upstream);
    };
    client.on('close', forget).on('error', forget);
    upstream.on('close', forget).on('error', forget);
    upstream.pipe(client);
    let pending = Buffer.alloc(0);
    let started = false;
    let application = '';
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        // Startup (and SSL/GSS requests) have no type byte: Int32 length, then the body.
        const header = started ? 5 : 4;
        if (pending.length < header) return;
        const length = pending.readInt32BE(started ? 1 : 0) + (started ? 1 : 0);
        if (pending.length < length) return;
        const message = pending.subarray(0, length);
        pending = pending.subarray(length);
        if (!started) {
          const code = message.readInt32BE(4);
          if (code === 80877103 || code === 80877104) continue; // SSLRequest / GSSENCRequest: the startup follows
          started = true;
          const params = message.subarray(8).toString('utf8').split('\0');
          const at = params.indexOf('application_name');
          application = at >= 0 ? (params[at + 1] ?? '') : '';
          continue;
        }
        const type = String.fromCharCode(message[0]!);
        if (type === 'Q' || type === 'E') this.statements.set(application, (this.statements.get(application) ?? 0) + 1);
      }
    });
  }
}
