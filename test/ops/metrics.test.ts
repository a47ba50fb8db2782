/**
 * Metrics: after a few moves, GET /metrics on the metrics listener shows the moves made, refusals by code,
 * the HTTP latency histogram by route and the webhook lag histogram; the public port has no /metrics.
 * The shipped Grafana dashboard and alert rules parse and name only metrics that exist.
 */
import { readFileSync } from 'node:fs';
import t from 'tap';
import { parse as parseYaml } from 'yaml';
import { listenForScrapes } from '../../src/ops/metrics-listener.js';
import { createServer } from 'node:net';
import { build, createTestDatabase, player } from '../helper.js';
import { startProcess } from './support/service-process.js';
import { FAST_WEBHOOKS, Receiver, waitFor } from '../webhooks/support/receiver.js';

/** The value of one sample line (`name{labels} value`), or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const body = line.slice(name.length);
    if (Object.entries(labels).every(([k, v]) => body.includes(`${k}="${v}"`))) return Number(line.split(' ').at(-1));
  }
  return undefined;
}

/** Metric families a registry exposes (from `# TYPE` lines). */
const families = (text: string) => new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]!));

t.test('after a few moves the metrics listener shows moves, HTTP latency and webhook lag; the public port does not', async (t) => {
  const receiver = await Receiver.start();
  t.teardown(() => receiver.down());
  const app = await build(t, { webhooks: FAST_WEBHOOKS });
  const scrapes = await listenForScrapes(app.metrics, 0, '127.0.0.1');
  t.teardown(() => scrapes.close());
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');
  t.equal((await ana.request('POST', '/v1/webhooks', { url: receiver.url, events: ['move.made'] })).status, 201);
  const game = (await ana.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { stones: 9 } })).body;
  await ben.request('POST', `/v1/games/${game.id}/join`, {});
  t.equal((await ana.request('POST', `/v1/games/${game.id}/start`)).status, 200);
  const moves = [ana, ben, ana, ben];
  for (const who of moves) t.equal((await who.request('POST', `/v1/games/${game.id}/moves`, { move: { type: 'take', count: 1 } })).status, 200);
  const refused = await ben.request('POST', `/v1/games/${game.id}/moves`, { move: { type: 'take', count: 1 } });
  t.equal(refused.body.error.code, 'NOT_YOUR_TURN');
  await waitFor(() => receiver.accepted.length >= moves.length, 15_000, 'the deliveries');

  const scrape = async () => {
    const res = await fetch(`${scrapes.url}/metrics`);
    t.equal(res.status, 200);
    t.match(res.headers.get('content-type'), /^text\/plain; version=0\.0\.4/);
    return res.text();
  };
  // The lag is recorded right after the receiver answered: wait for the last one.
  const text = await waitFor(async () => {
    const body = await scrape();
    return (sample(body, 'portolan_webhook_delivery_lag_seconds_count', { event_type: 'move.made' }) ?? 0) >= moves.length ? body : null;
  }, 15_000, 'the lag of every delivery');

  t.equal(sample(text, 'portolan_moves_total', { game_type: 'nim' }), moves.length, 'every move committed is counted');
  t.equal(sample(text, 'portolan_moves_refused_total', { game_type: 'nim', code: 'NOT_YOUR_TURN' }), 1, 'the refusal, by code');
  t.equal(sample(text, 'portolan_move_duration_seconds_count', { game_type: 'nim', result: 'committed' }), moves.length);
  const movesRoute = { route: '/v1/games/:id/moves', method: 'POST' };
  t.equal(sample(text, 'portolan_http_request_duration_seconds_count', { ...movesRoute, status_code: '200' }), moves.length, 'HTTP requests by route pattern and status');
  t.equal(sample(text, 'portolan_http_request_duration_seconds_count', { ...movesRoute, status_code: '409' }), 1);
  t.ok(sample(text, 'portolan_http_request_duration_seconds_bucket', { ...movesRoute, status_code: '200', le: '+Inf' }), 'an HTTP latency histogram');
  t.equal(sample(text, 'portolan_webhook_deliveries_total', { event_type: 'move.made', outcome: 'delivered' }), moves.length);
  t.ok(sample(text, 'portolan_webhook_delivery_lag_seconds_bucket', { event_type: 'move.made', le: '+Inf' }), 'the webhook lag histogram');
  t.ok((sample(text, 'portolan_group_commit_size_count', {}) ?? 0) >= 1, 'group commit sizes');
  t.equal(sample(text, 'portolan_webhook_deliveries_pending', {}), 0);
  t.ok(sample(text, 'portolan_db_pool_connections', { state: 'in_use' }) !== undefined, 'the pool');
  t.ok(sample(text, 'portolan_event_loop_lag_seconds', { quantile: '0.99' }) !== undefined, 'event-loop lag');
  t.ok(sample(text, 'process_cpu_user_seconds_total', {}) !== undefined, 'default process metrics');
  t.equal(sample(text, 'portolan_websockets', {}), 0);

  // An SSE stream open is counted while it lasts.
  const controller = new AbortController();
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const stream = await fetch(`${address}/v1/games/${game.id}/events`, { signal: controller.signal });
  t.equal(stream.status, 200);
  await waitFor(async () => {
    const body = await scrape();
    return sample(body, 'portolan_sse_streams', { stream: 'game' }) === 1 ? body : null;
  }, 10_000, 'the open stream');
  controller.abort();
  await waitFor(async () => sample(await scrape(), 'portolan_sse_streams', { stream: 'game' }) === 0, 10_000, 'the stream to end');

  // Never on the public port; only /metrics on the metrics port.
  const publicMetrics = await app.inject({ method: 'GET', url: '/metrics' });
  t.equal(publicMetrics.statusCode, 404);
  t.equal(publicMetrics.json().error.code, 'NOT_FOUND');
  t.equal((await fetch(`${scrapes.url}/v1/games`)).status, 404, 'the metrics port serves nothing of the API');
});

t.test('the dashboard and the alert rules load and name only metrics that exist', async (t) => {
  const app = await build(t, { workers: false });
  const known = families(await app.metrics.text());
  // Histograms are queried through their series; `up` is Prometheus' own.
  const exists = (name: string) => name === 'up' || known.has(name) || known.has(name.replace(/_(bucket|sum|count)$/, ''));
  const metricNames = (expr: string) => [...expr.matchAll(/\b((?:portolan|process|nodejs)_[a-z_]+|up)\b(?=\s*[{[)\s=<>!*/+-]|$)/g)].map((m) => m[1]!);

  const rules = parseYaml(readFileSync(new URL('../../docs/operations/alerts.yml', import.meta.url), 'utf8')) as { groups: { name: string; rules: { alert: string; expr: string; for?: string }[] }[] };
  const alerts = rules.groups.flatMap((g) => g.rules);
  t.ok(alerts.length >= 5, 'a few alert rules');
  for (const rule of alerts) {
    t.match(rule.alert, /^Portolan[A-Za-z]+$/);
    t.match(rule.for ?? '0s', /^\d+[smh]$/, `${rule.alert}: a duration`);
    const names = metricNames(rule.expr);
    t.ok(names.length > 0, `${rule.alert} names a metric`);
    for (const name of names) t.ok(exists(name), `${rule.alert}: ${name} exists`);
    t.equal(balance(rule.expr), 0, `${rule.alert}: balanced brackets`);
  }

  const dashboard = JSON.parse(readFileSync(new URL('../../docs/operations/grafana-dashboard.json', import.meta.url), 'utf8')) as { title: string; panels: { title: string; targets: { expr: string }[] }[] };
  t.equal(dashboard.title, 'Portolan');
  const exprs = dashboard.panels.flatMap((p) => p.targets.map((target) => ({ panel: p.title, expr: target.expr })));
  t.ok(exprs.length >= 10);
  for (const { panel, expr } of exprs) {
    for (const name of metricNames(expr)) t.ok(exists(name), `${panel}: ${name} exists`);
    t.equal(balance(expr), 0, `${panel}: balanced brackets`);
  }
  const shown = new Set(exprs.flatMap(({ expr }) => metricNames(expr)).map((n) => n.replace(/_(bucket|sum|count)$/, '')));
  for (const name of known) {
    if (name.startsWith('portolan_')) t.ok(shown.has(name), `the dashboard shows ${name}`);
  }
});

/** 0 when every (, [ and { is closed in order. */
function balance(expr: string): number {
  const open: string[] = [];
  const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  for (const c of expr.replace(/"[^"]*"/g, '""')) {
    if ('([{'.includes(c)) open.push(c);
    else if (c in pairs && open.pop() !== pairs[c]) return -1;
  }
  return open.length;
}

/** A port free right now (the OS picks it). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

t.test('the service process serves /metrics on METRICS_PORT, and not on PORT', async (t) => {
  const metricsPort = await freePort();
  const service = await startProcess(['--import', 'tsx', 'src/server.ts'], { DATABASE_URL: await createTestDatabase(t), METRICS_PORT: String(metricsPort) }, t);
  const ready = await waitFor(() => service.log.find((line) => line.msg === 'metrics listener ready'), 15_000, 'the metrics listener');
  t.equal(ready.metricsUrl, `http://127.0.0.1:${metricsPort}/metrics`);
  const scraped = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
  t.equal(scraped.status, 200);
  t.match(await scraped.text(), /# TYPE portolan_moves_total counter/);
  t.equal((await fetch(`${service.url}/metrics`)).status, 404, 'not on the public port');
  service.child.kill('SIGTERM');
  t.equal((await service.exited).code, 0, 'stops cleanly, the metrics listener with it');
});
