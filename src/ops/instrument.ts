/**
 * Wires the metrics (./metrics.ts) into the app: every HTTP answer, every player's move request, every
 * commit, every webhook attempt. Kept apart from the code it watches, which only offers a callback.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { GameService } from '../service/game-service.js';
import type { WebhookDispatcher } from '../webhooks/dispatcher.js';
import { Metrics } from './metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's metrics (served on METRICS_PORT only, see ./metrics-listener.ts). */
    metrics: Metrics;
  }
}

/** A scrape must answer even when the database does not: a gauge that cannot be read shows -1. */
async function orMinusOne<T>(read: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await read();
  } catch {
    return fallback;
  }
}

export function createMetrics(pool: pg.Pool, websockets: () => number): Metrics {
  return new Metrics(
    { pool, websockets },
    {
      pendingDeliveries: () =>
        orMinusOne(async () => (await pool.query<{ n: number }>("SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'pending'")).rows[0]?.n ?? 0, -1),
      // pg-boss 10 keeps its jobs in pgboss.job; before the queue first started the schema does not exist.
      queueDepth: () =>
        orMinusOne(async () => {
          const { rows } = await pool.query<{ name: string; n: number }>(
            "SELECT name, count(*)::int AS n FROM pgboss.job WHERE state IN ('created', 'retry') GROUP BY name",
          );
          return Object.fromEntries(rows.map((r) => [r.name, r.n]));
        }, {}),
    },
  );
}

/** Counts moves, refusals, deliveries and HTTP answers of this app into `metrics`. */
export function instrument(app: FastifyInstance, metrics: Metrics, parts: { games: GameService; dispatcher: WebhookDispatcher }): void {
  app.decorate('metrics', metrics);
  // Every commit but a game's start (version 0) appends one move to the log.
  parts.games.onCommitted((game) => {
    if (game.version > 0) metrics.movesCommitted.inc({ game_type: game.type });
  });
  parts.games.observeMoves((gameType, refusal, seconds) => {
    metrics.moveDuration.observe({ game_type: gameType, result: refusal === null ? 'committed' : 'refused' }, seconds);
    if (refusal !== null) metrics.movesRefused.inc({ game_type: gameType, code: refusal });
  });
  parts.dispatcher.observe((outcome, recordedAt) => {
    const eventType = outcome.delivery.event_type;
    const label = outcome.status === 'pending' ? 'retrying' : outcome.status;
    metrics.webhookDeliveries.inc({ event_type: eventType, outcome: label });
    if (outcome.status === 'delivered') {
      metrics.webhookLag.observe({ event_type: eventType }, Math.max(0, recordedAt.getTime() - outcome.delivery.created_at.getTime()) / 1000);
    }
  });
  // The callback form: this runs on every request.
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
    // The route's pattern, never the raw URL: ids would make a series per game.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpDuration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    if (reply.statusCode === 429) metrics.rateLimited.inc({ route });
    done();
  });
  app.addHook('onClose', async () => metrics.stop());
}
