/**
 * Prometheus metrics (prom-client): the default process metrics plus Portolan's own, all named
 * `portolan_*`. Each app has its own registry (tests build several apps in one process). Counters and
 * histograms are fed by the code that does the work (moves, group commits, deliveries, HTTP answers);
 * gauges that describe shared state (pending deliveries, queue depth, the pool) are read when scraped.
 *
 * They are served only on a listener of their own (METRICS_PORT, src/ops/metrics-listener.ts), never on
 * the public port, so a scraper inside the network reaches them and the internet does not.
 */
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import type pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Seconds: from a fast in-process answer to a slow delivery. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds from a move's commit to its delivery: retries make it hours. */
const LAG_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800, 7200, 86400];
const GROUP_BUCKETS = [1, 2, 4, 8, 16, 32, 64];

export interface MetricsSources {
  readonly pool: pg.Pool;
  /** Open websockets of this instance. */
  readonly websockets: () => number;
}

export class Metrics {
  readonly registry = new Registry();
  readonly movesCommitted: Counter<'game_type'>;
  readonly movesRefused: Counter<'game_type' | 'code'>;
  readonly moveDuration: Histogram<'game_type' | 'result'>;
  readonly groupCommitSize: Histogram;
  readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  readonly rateLimited: Counter<'route'>;
  readonly webhookDeliveries: Counter<'event_type' | 'outcome'>;
  readonly webhookLag: Histogram<'event_type'>;
  readonly sseStreams: Gauge<'stream'>;
  private readonly loopDelay: IntervalHistogram;

  constructor(sources: MetricsSources, reads: { pendingDeliveries: () => Promise<number>; queueDepth: () => Promise<Record<string, number>> }) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.movesCommitted = new Counter({ name: 'portolan_moves_total', help: 'Moves committed by this instance (players, bots, resignations)', labelNames: ['game_type'], registers });
    this.movesRefused = new Counter({ name: 'portolan_moves_refused_total', help: 'Move requests refused, by game type and error code', labelNames: ['game_type', 'code'], registers });
    this.moveDuration = new Histogram({
      name: 'portolan_move_duration_seconds', help: 'Time to answer a player\'s move request (committed or refused)',
      labelNames: ['game_type', 'result'], buckets: LATENCY_BUCKETS, registers,
    });
    this.groupCommitSize = new Histogram({ name: 'portolan_group_commit_size', help: 'Moves per statement sent by group commit', buckets: GROUP_BUCKETS, registers });
    this.httpDuration = new Histogram({
      name: 'portolan_http_request_duration_seconds', help: 'HTTP requests by route and status: time to the answer',
      labelNames: ['method', 'route', 'status_code'], buckets: LATENCY_BUCKETS, registers,
    });
    this.rateLimited = new Counter({ name: 'portolan_rate_limited_total', help: 'Requests refused with 429 RATE_LIMITED', labelNames: ['route'], registers });
    this.webhookDeliveries = new Counter({
      name: 'portolan_webhook_deliveries_total', help: 'Webhook delivery attempts by outcome (delivered, retrying, failed: given up)',
      labelNames: ['event_type', 'outcome'], registers,
    });
    this.webhookLag = new Histogram({
      name: 'portolan_webhook_delivery_lag_seconds', help: 'From the event (the commit) to its successful delivery',
      labelNames: ['event_type'], buckets: LAG_BUCKETS, registers,
    });
    this.sseStreams = new Gauge({ name: 'portolan_sse_streams', help: 'Open Server-Sent Event streams of this instance', labelNames: ['stream'], registers });
    new Gauge({ name: 'portolan_websockets', help: 'Open websockets (GraphQL subscriptions) of this instance', registers, collect() { this.set(sources.websockets()); } });
    new Gauge({
      name: 'portolan_db_pool_connections', help: 'Connections of this instance\'s database pool, by state',
      labelNames: ['state'], registers,
      collect() {
        const { totalCount, idleCount, waitingCount } = sources.pool;
        this.set({ state: 'in_use' }, totalCount - idleCount);
        this.set({ state: 'idle' }, idleCount);
        this.set({ state: 'waiting' }, waitingCount); // requests waiting for a connection
      },
    });
    new Gauge({
      name: 'portolan_webhook_deliveries_pending', help: 'Webhook deliveries not yet delivered or given up (all instances)', registers,
      async collect() { this.set(await reads.pendingDeliveries()); },
    });
    new Gauge({
      name: 'portolan_job_queue_depth', help: 'pg-boss jobs waiting (created or retry), by queue (all instances)', labelNames: ['queue'], registers,
      async collect() {
        this.reset();
        for (const [queue, depth] of Object.entries(await reads.queueDepth())) this.set({ queue }, depth);
      },
    });
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    this.loopDelay = loopDelay;
    new Gauge({
      name: 'portolan_event_loop_lag_seconds', help: 'Event-loop delay since the previous scrape (p50, p99, max)', labelNames: ['quantile'], registers,
      collect() {
        const seconds = (ns: number) => (Number.isFinite(ns) ? ns / 1e9 : 0);
        this.set({ quantile: '0.5' }, seconds(loopDelay.percentile(50)));
        this.set({ quantile: '0.99' }, seconds(loopDelay.percentile(99)));
        this.set({ quantile: 'max' }, seconds(loopDelay.max));
        loopDelay.reset();
      },
    });
  }

  /** The text a scrape answers (Prometheus text format 0.0.4). */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  stop(): void {
    this.loopDelay.disable();
  }
}
