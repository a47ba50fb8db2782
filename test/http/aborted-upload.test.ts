/**
 * A client that closes its connection halfway through its upload, over a real socket: the body
 * stream's socket error is the client's doing, logged and answered as a 400 (REQUEST_ABORTED), never
 * read as "database unreachable" (503), and the service goes on serving.
 */
import t from 'tap';
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { build, player } from '../helper.js';

t.test('an upload aborted halfway is a client error, not a database alarm', async (t) => {
  const lines: string[] = [];
  const sink = new Writable({ write(chunk, _enc, done) { lines.push(String(chunk)); done(); } });
  const app = await build(t, { logger: { level: 'info', stream: sink } });
  const ana = await player(app, 'Ana');
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;

  // Gone at once (while the hooks before the body still run) or after a while (while the body is read).
  for (const [url, after] of [['/v1/games', 0], ['/v1/games', 1000], ['/v1/records/verify', 1000]] as const) {
    const before = lines.length;
    await new Promise<void>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(`POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${ana.token}\r\nContent-Type: application/json\r\nContent-Length: 50000\r\n\r\n{"type":"nim","seats":2,"opt`);
        setTimeout(() => socket.destroy(), after); // gone before the rest of the body
      });
      socket.on('close', () => resolve());
      socket.on('error', reject);
    });
    // The server logs the abort once it has noticed it (nobody is left to read an answer).
    const logged = async () => {
      for (let i = 0; i < 100; i++) {
        const entries = lines.slice(before).map((l) => JSON.parse(l));
        if (entries.some((e) => e.msg === 'the client aborted its upload')) return entries;
        await new Promise((r) => setTimeout(r, 50));
      }
      return lines.slice(before).map((l) => JSON.parse(l));
    };
    const entries = await logged();
    const abort = entries.find((e) => e.msg === 'the client aborted its upload');
    t.equal(abort?.level, 30, `${url} (${after} ms): logged as the client's abort, at info level`);
    t.equal(abort?.res?.statusCode, 400, `${url} (${after} ms): a 400-class client error (REQUEST_ABORTED)`);
    t.equal(abort?.code, 'REQUEST_ABORTED');
    t.notOk(entries.some((e) => /database unreachable/.test(e.msg) || e.level >= 40), `${url} (${after} ms): no warning, no database alarm`);
  }
  const health = await fetch(`http://127.0.0.1:${port}/healthz`);
  t.equal(health.status, 200, 'the service goes on serving');
});
