/**
 * Idle cost (issue 16): an idle instance, workers and all (job queue, webhook dispatcher, turn timers,
 * bot sweep, retention, the commit feed's listening connection), sends Postgres at most one statement a
 * second on average. Every statement goes through a counting proxy (test/support/pg-counter.ts); the
 * message names who sent them (by application_name) when it fails.
 */
import t from 'tap';
import { build, createTestDatabase } from '../helper.js';
import { PgCounter } from '../support/pg-counter.js';

const WINDOW_MS = 5_000;

t.test('an idle app sends Postgres at most one statement a second', async (t) => {
  const counter = await PgCounter.start(await createTestDatabase(t));
  // Registered before the app's own teardown, so that the proxy closes after the app (teardowns run last
  // registered first). Cut first, the revocation feed's listening connection is still reconnecting when
  // the app stops, and the process never exits (a shutdown-during-outage bug of the feeds, still open).
  t.teardown(() => counter.close());
  await build(t, { databaseUrl: counter.url });
  // The start's own work (queue setup, first sweeps) is done by the time it is ready; let stragglers settle.
  await new Promise((resolve) => setTimeout(resolve, 500));
  counter.statements.clear();
  await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
  const seen = counter.total();
  t.ok(seen <= WINDOW_MS / 1000, `${seen} statements in ${WINDOW_MS / 1000} s: ${JSON.stringify(Object.fromEntries(counter.statements))}`);
});
