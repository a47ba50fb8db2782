/**
 * Every GET route of the OpenAPI document, GraphQL over GET and both event streams, asked over a real
 * socket with and without a token: an answer that may depend on the token varies on Authorization, and
 * one made for a token is private (or no-store), so no shared cache can serve it to someone else.
 * Content negotiation (the archive's ndjson form, chosen by Accept) varies on Accept.
 */
import t from 'tap';
import type { AddressInfo } from 'node:net';
import { build, player } from '../helper.js';
import { fillPath, operationsOf } from '../support/operations.js';

const varies = (headers: Headers, name: string) => (headers.get('vary') ?? '').split(',').some((v) => v.trim().toLowerCase() === name.toLowerCase());

t.test('token-dependent answers are private and vary on Authorization, on every GET route', async (t) => {
  const app = await build(t, { webhooks: { allowedHosts: ['127.0.0.1'] } });
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');
  const game = (await ana.request('POST', '/v1/games', { type: 'nim', seats: 2 })).body;
  await ben.request('POST', `/v1/games/${game.id}/join`, {});
  await ana.request('POST', `/v1/games/${game.id}/start`);
  const hook = (await ana.request('POST', '/v1/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['move.made'] })).body;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const ids: Record<string, string> = { type: 'nim', deliveryId: 'msg_0' };
  const operations = operationsOf(app).filter((op) => op.method === 'GET');
  t.ok(operations.length >= 20, 'the document lists the GET routes');
  for (const op of operations) {
    const url = base + fillPath(op.path, (name) => ids[name] ?? (op.path.startsWith('/v1/players') ? ana.id : op.path.startsWith('/v1/webhooks') ? hook.id : game.id));
    const takesToken = (op.spec.security ?? []).some((s: Record<string, unknown>) => 'bearerAuth' in s);
    for (const token of [ana.token, null]) {
      const abort = new AbortController();
      const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: abort.signal });
      const label = `${op.method} ${op.path} ${token ? 'with' : 'without'} a token (${res.status})`;
      abort.abort(); // event streams never end by themselves
      if (!takesToken) {
        t.notOk(varies(res.headers, 'Authorization'), `${label}: needs no Vary`);
        continue;
      }
      t.ok(varies(res.headers, 'Authorization'), `${label}: Vary: Authorization`);
      if (token) t.match(res.headers.get('cache-control'), /\b(private|no-store)\b/, `${label}: private`);
      if (op.spec.responses['200']?.content?.['text/event-stream']) t.equal(res.headers.get('cache-control'), 'no-store', `${label}: a stream is never stored`);
    }
  }

  // GraphQL over GET reads the token too.
  const query = `${base}/graphql?query=${encodeURIComponent('{ me { id } }')}`;
  const mine = await fetch(query, { headers: { authorization: `Bearer ${ana.token}` } });
  t.equal(mine.status, 200);
  t.equal(((await mine.json()) as { data: { me: { id: string } } }).data.me.id, ana.id);
  t.ok(varies(mine.headers, 'Authorization'), 'GraphQL GET: Vary: Authorization');
  t.match(mine.headers.get('cache-control'), /\bprivate\b/, 'GraphQL GET with a token: private');
  t.ok(varies((await fetch(query)).headers, 'Authorization'), 'GraphQL GET without a token varies too');

  // The archive's two forms, chosen by Accept.
  for (const accept of ['application/json', 'application/x-ndjson']) {
    const res = await fetch(`${base}/v1/players/${ana.id}/games`, { headers: { accept } });
    await res.arrayBuffer();
    t.equal(res.status, 200);
    t.ok(varies(res.headers, 'Accept'), `the archive as ${accept}: Vary: Accept`);
    t.ok(varies(res.headers, 'Authorization'), `the archive as ${accept}: Vary: Authorization`);
  }
});
