/**
 * Tracing end to end, with the SDK started as src/server.ts starts it (before the service's modules load)
 * and an in-memory exporter: a move sent over real HTTP (fetch, so undici's instrumentation makes the
 * client span), its commit and the webhook delivery it causes, received by a real listening receiver, are
 * spans of one trace, the delivery's carried through the outbox row's traceparent.
 */
import t from 'tap';
import type { AddressInfo } from 'node:net';
import { tracing as sdk } from '@opentelemetry/sdk-node';
import { SpanKind } from '@opentelemetry/api';
import { startTracing } from '../../src/ops/tracing.js';

const exporter = new sdk.InMemorySpanExporter();
const tracing = await startTracing({ spanProcessors: [new sdk.SimpleSpanProcessor(exporter)] });
t.teardown(() => tracing.stop());
// The service's modules after the SDK, as the server loads them.
const { build, player } = await import('../helper.js');
const { FAST_WEBHOOKS, Receiver, waitFor } = await import('../webhooks/support/receiver.js');

type Span = sdk.ReadableSpan;
const spanId = (s: Span) => s.spanContext().spanId;
const parentId = (s: Span) => s.parentSpanContext?.spanId;

t.test('a move, its commit and its webhook delivery are one trace', async (t) => {
  const receiver = await Receiver.start();
  t.teardown(() => receiver.down());
  // No safety sweep during the test: the delivery goes out on the commit's own wake-up.
  const app = await build(t, { webhooks: { ...FAST_WEBHOOKS, sweepIntervalMs: 600_000 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');
  t.equal((await ana.request('POST', '/v1/webhooks', { url: receiver.url, events: ['move.made'] })).status, 201);
  const game = (await ana.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { stones: 5 } })).body;
  await ben.request('POST', `/v1/games/${game.id}/join`, {});
  t.equal((await ana.request('POST', `/v1/games/${game.id}/start`)).status, 200);
  exporter.reset();

  const res = await fetch(`${base}/v1/games/${game.id}/moves`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ana.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ move: { type: 'take', count: 1 } }),
  });
  t.equal(res.status, 200);
  const delivered = await waitFor(
    () => receiver.accepted.find((r) => r.body.includes('"move.made"')),
    30_000,
    'the move.made delivery',
  );

  // The receiver is handed the trace too (W3C trace context).
  const header = String(delivered.headers.traceparent ?? '');
  t.match(header, /^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/, 'the webhook request carries a traceparent');
  const traceId = header.split('-')[1]!;

  const inTrace = () => exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
  await waitFor(() => inTrace().some((s) => s.name === 'webhook.deliver'), 30_000, 'the delivery span');
  const spans = inTrace();
  const byId = new Map(spans.map((s) => [spanId(s), s]));
  const ancestors = (s: Span): Span[] => {
    const chain: Span[] = [];
    for (let p = byId.get(parentId(s) ?? ''); p; p = byId.get(parentId(p) ?? '')) chain.push(p);
    return chain;
  };

  const client = spans.find((s) => s.kind === SpanKind.CLIENT && s.instrumentationScope.name.includes('undici'));
  t.ok(client, "the test's fetch is a span of the trace (undici instrumentation)");
  t.notOk(client && parentId(client), 'and its root');
  const server = spans.find((s) => s.kind === SpanKind.SERVER && s.instrumentationScope.name.includes('http'));
  t.ok(server, 'the HTTP server span of the move (http instrumentation)');
  const fastify = spans.filter((s) => s.instrumentationScope.name.includes('fastify'));
  t.ok(
    fastify.some((s) => String(s.attributes['http.route'] ?? s.name).includes('/v1/games/:id/moves')),
    'the Fastify route span (@fastify/otel)',
  );

  const commit = spans.find((s) => s.name === 'portolan.commit');
  t.ok(commit, 'the commit span');
  t.equal(commit?.attributes['portolan.game.id'], game.id);
  t.ok(commit && server && ancestors(commit).includes(server), 'the commit runs inside the move request');
  t.ok(
    spans.some((s) => s.attributes['db.system'] === 'postgresql' || s.attributes['db.system.name'] === 'postgresql'),
    'statements are spans (pg instrumentation)',
  );

  const deliver = spans.find((s) => s.name === 'webhook.deliver')!;
  t.equal(deliver.attributes['portolan.event.type'], 'move.made');
  t.ok(
    server && ancestors(deliver).includes(server),
    'the delivery descends from the move request, through the outbox row',
  );
  const post = spans.find((s) => s.kind === SpanKind.CLIENT && parentId(s) === spanId(deliver));
  t.ok(post, 'the POST to the receiver is a client span under the delivery');
  t.equal(header.split('-')[2], post ? spanId(post) : spanId(deliver), 'the receiver got the innermost span as parent');

  const row = await app.db.$queryRaw<
    { traceparent: string | null }[]
  >`SELECT traceparent FROM webhook_deliveries WHERE game_id = ${game.id}::uuid`;
  t.equal(row.length, 1);
  t.match(row[0]!.traceparent, new RegExp(`^00-${traceId}-`), 'the outbox row holds the trace');
});
