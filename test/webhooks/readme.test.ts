/** The verification snippet of docs/webhooks.md (test/webhooks/support/readme-receiver.mjs) receives and verifies real deliveries. */
import t from 'tap';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { build, player } from '../helper.js';
import { FAST_WEBHOOKS, waitFor } from './support/receiver.js';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

t.test('the README receiver verifies every delivery', async (t) => {
  const app = await build(t, { webhooks: FAST_WEBHOOKS });
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/portolan`;
  const hook = (await ana.request('POST', '/v1/webhooks', { url, events: ['move.made', 'game.finished'] })).body;
  const script = fileURLToPath(new URL('./support/readme-receiver.mjs', import.meta.url));
  const child = spawn(process.execPath, [script], { env: { ...process.env, PORT: String(port), PORTOLAN_WEBHOOK_SECRET: hook.secret }, stdio: ['ignore', 'pipe', 'inherit'] });
  t.teardown(() => child.kill());
  const lines: string[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => lines.push(line));
  await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: '{}' }).then((r) => r.status, () => 0)) === 400, 10_000, 'the receiver to listen (and refuse an unsigned request)');

  const game = (await ana.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { stones: 3 } })).body;
  await ben.request('POST', `/v1/games/${game.id}/join`, {});
  await ana.request('POST', `/v1/games/${game.id}/start`);
  await ana.request('POST', `/v1/games/${game.id}/moves`, { move: { type: 'take', count: 2 } });
  await ben.request('POST', `/v1/games/${game.id}/moves`, { move: { type: 'take', count: 1 } });
  await waitFor(() => lines.length >= 3, 15_000, 'three verified events');
  t.same(lines, [`move.made ${game.id} 1`, `move.made ${game.id} 2`, `game.finished ${game.id} 2`]);
  const deliveries = async () => (await ana.request('GET', `/v1/webhooks/${hook.id}/deliveries`)).body.items as any[];
  // The receiver answers before the worker records the answer: wait for the records.
  await waitFor(async () => (await deliveries()).every((d) => d.status !== 'pending'), 10_000, 'deliveries recorded');
  const log = await deliveries();
  t.ok(log.every((d: any) => d.status === 'delivered' && d.lastStatus === 204));
});
