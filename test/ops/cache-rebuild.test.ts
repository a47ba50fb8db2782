/**
 * What a backup may leave out: a database with games of every hosted type (finished by bots, one
 * adjudicated, one still active, with snapshots) has every cache table (snapshots, results, ratings)
 * emptied, and a new service answers exactly as before: every game's summary, state, history, record and
 * its verification, the ratings and statistics.
 */
import pg from 'pg';
import t from 'tap';
import { build, createTestDatabase } from '../helper.js';
import { OPERATOR_KEY, answers, playEveryType } from './support/played-games.js';

t.test('emptied caches (snapshots, results, ratings) are rebuilt with the same answers', async (t) => {
  const databaseUrl = await createTestDatabase(t);
  const app = await build(t, { databaseUrl, snapshotEvery: 10, adminKey: OPERATOR_KEY });
  const played = await playEveryType(t, app);
  const before = await answers(app, played);
  const finished = Object.values(before.games).filter((g: any) => g.summary.status === 'finished');
  t.equal(finished.length, played.gameIds.length - 1, 'every game but one finished');
  for (const game of finished as any[]) t.equal(game.verified.valid, true, `${game.summary.type}: its record verifies`);
  t.ok((before.ratings['puerto-rico'] as any).items.length > 0, 'ratings were projected');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  t.teardown(() => client.end());
  t.ok((await client.query('SELECT count(*)::int AS n FROM snapshots')).rows[0].n > 0, 'snapshots exist');

  t.test('every cache table emptied: a new service rebuilds the same answers', async (t) => {
    await client.query('DELETE FROM snapshots');
    await client.query('DELETE FROM game_results');
    await client.query('DELETE FROM ratings');
    await client.query('UPDATE games SET results_at = NULL');
    const fresh = await build(t, { databaseUrl, snapshotEvery: 10 });
    await fresh.archive.catchUp();
    t.same(await answers(fresh, played), before, 'every answer is the same');
  });
});
