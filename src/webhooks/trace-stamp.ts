/**
 * Carries a commit's trace through the webhook outbox: the deliveries a commit wrote get the W3C
 * `traceparent` of the commit's context, and the dispatcher opens each send's span under it
 * (./dispatcher.ts), so that a move's request, its commit and the deliveries it causes are one trace,
 * whichever instance sends them and however much later (a retry hours on still joins it).
 *
 * A separate statement after the commit rather than a column written by the outbox function: it runs only
 * while tracing is configured (with tracing off, `activeTraceparent()` is null and nothing is sent), and
 * the committing process wakes its dispatcher only once the stamp is written. Another instance's safety
 * sweep could send a delivery in between; that send then starts a trace of its own.
 */
import type { Database } from '../store/database.js';
import { activeTraceparent } from '../store/trace-context.js';

/** Stamps the pending deliveries of (game, seq) with the active trace, then calls `then` (always). */
export function stampTraceThen(db: Database, gameId: string, seq: number, then: () => void): void {
  const traceparent = activeTraceparent();
  if (traceparent === null) {
    then();
    return;
  }
  db.$executeRaw`
    UPDATE webhook_deliveries SET traceparent = ${traceparent}
     WHERE status = 'pending' AND game_id = ${gameId}::uuid AND seq = ${seq} AND traceparent IS NULL`.then(then, then);
}
