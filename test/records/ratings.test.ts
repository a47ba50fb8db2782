/**
 * Ratings: after games with known results (ties, 2 to 12 seats, bots, a resignation, a solo game) the
 * stored ratings are openskill's own figures computed here; the leaderboard orders them; the rebuild
 * command gives exactly the stored ratings.
 */
import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import t from 'tap';
import pg from 'pg';
import { ordinal, rate, rating } from 'openskill';
import { build, createTestDatabase, gql, player, send } from '../helper.js';

interface Fixture {
  readonly type: string;
  /** Per seat: a player id or a bot level ("bot:greedy"). */
  readonly subjects: readonly string[];
  readonly ranking: readonly (readonly number[])[];
  readonly resigned?: readonly number[];
}

/** A finished game as the service stores it: the rows the projector reads. */
async function insertFinished(pool: pg.Pool, creator: string, fixture: Fixture, finishedAt: Date): Promise<string> {
  const id = randomUUID();
  const seats = fixture.subjects.length;
  const scores = Array.from({ length: seats }, (_, seat) => 100 - 10 * fixture.ranking.findIndex((g) => g.includes(seat)));
  const outcome = {
    scores, breakdown: scores.map((s) => ({ total: s })), ranking: fixture.ranking,
    winners: fixture.ranking[0], resigned: fixture.resigned ?? [],
  };
  await pool.query(
    `INSERT INTO games (id, type, engine_version, options, seat_count, status, version, seed, seed_commitment, created_by, outcome, finished_at)
     VALUES ($1, $2, 1, '{}', $3, 'finished', 10, 'seed', 'commitment', $4, $5, $6)`,
    [id, fixture.type, seats, creator, JSON.stringify(outcome), finishedAt],
  );
  for (const [index, subject] of fixture.subjects.entries()) {
    const bot = subject.startsWith('bot:') ? subject.slice(4) : null;
    await pool.query('INSERT INTO seats (game_id, index, player_id, bot_level, resigned) VALUES ($1, $2, $3, $4, $5)',
      [id, index, bot ? null : subject, bot, (fixture.resigned ?? []).includes(index)]);
  }
  return id;
}

/** openskill by hand, in the same order: the figures the stored ratings must equal. */
function expectedRatings(fixtures: readonly Fixture[]): Map<string, { mu: number; sigma: number; games: number }> {
  const ratings = new Map<string, { mu: number; sigma: number; games: number }>();
  for (const f of fixtures) {
    if (f.subjects.length < 2) continue;
    const key = (s: string) => `${f.type}/${s}`;
    const teams = f.subjects.map((s) => [ratings.get(key(s)) ?? rating()]);
    const rank = f.subjects.map((_, seat) => f.ranking.findIndex((g) => g.includes(seat)) + 1);
    const next = rate(teams, { rank });
    const seen = new Map<string, { mu: number[]; sigma: number[] }>();
    f.subjects.forEach((s, i) => {
      const entry = seen.get(s) ?? { mu: [], sigma: [] };
      entry.mu.push(next[i]![0]!.mu);
      entry.sigma.push(next[i]![0]!.sigma);
      seen.set(s, entry);
    });
    for (const [s, { mu, sigma }] of seen) {
      const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
      ratings.set(key(s), { mu: avg(mu), sigma: avg(sigma), games: (ratings.get(key(s))?.games ?? 0) + 1 });
    }
  }
  return ratings;
}

t.test('ratings match openskill, the leaderboard orders them, and a rebuild gives the same numbers', async (t) => {
  const databaseUrl = await createTestDatabase(t);
  const app = await build(t, { databaseUrl });
  const people = await Promise.all(['Ana', 'Ben', 'Cy', 'Dee', 'Eve'].map((name) => player(app, name)));
  const [ana, ben, cy, dee, eve] = people.map((p) => p.id) as [string, string, string, string, string];
  const twelve = [ana, ben, cy, dee, eve, 'bot:greedy', 'bot:random', 'bot:greedy', 'bot:random', 'bot:greedy', 'bot:random', 'bot:greedy'];
  const fixtures: Fixture[] = [
    { type: 'meuterer', subjects: [ana, ben, cy], ranking: [[0], [1], [2]] },
    { type: 'meuterer', subjects: [ana, ben, cy], ranking: [[1, 2], [0]] }, // a tie for first
    { type: 'meuterer', subjects: [ana, ben, cy, dee], ranking: [[0, 1, 2, 3]] }, // everyone tied: a draw
    { type: 'puerto-rico', subjects: [ana, 'bot:greedy'], ranking: [[1], [0]] },
    { type: 'puerto-rico', subjects: [ana, ben, 'bot:greedy'], ranking: [[0], [2], [1]], resigned: [1] }, // Ben resigned: last
    { type: 'voyages', subjects: twelve, ranking: [[5], [0, 1], [2], [3, 4, 6], [7], [8], [9], [10], [11]] },
    { type: 'voyages', subjects: [eve], ranking: [[0]] }, // solo: not rated
    { type: 'meuterer', subjects: [dee, eve, ana], ranking: [[2], [0], [1]] },
  ];
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  t.teardown(() => pool.end());
  const start = Date.parse('2026-06-01T00:00:00Z');
  for (const [i, fixture] of fixtures.entries()) await insertFinished(pool, ana, fixture, new Date(start + i * 60_000));
  await app.archive.catchUp();

  const stored = (await pool.query('SELECT game_type, subject, mu, sigma, ordinal, games FROM ratings ORDER BY game_type, subject')).rows;
  const expected = expectedRatings(fixtures);
  t.equal(stored.length, expected.size, 'one rating per game type and subject (the solo game rates nobody)');
  for (const row of stored) {
    const want = expected.get(`${row.game_type}/${row.subject}`);
    t.ok(want, `${row.game_type}/${row.subject} is expected`);
    if (!want) continue;
    t.equal(row.mu, want.mu, `${row.game_type}/${row.subject} mu`);
    t.equal(row.sigma, want.sigma, `${row.game_type}/${row.subject} sigma`);
    t.equal(row.ordinal, ordinal(want), 'ordinal = mu - 3 sigma');
    t.equal(row.games, want.games);
  }
  const results = (await pool.query("SELECT seat, rank, result FROM game_results WHERE game_type = 'meuterer' AND seat_count = 4")).rows;
  t.same(results.map((r) => r.result), ['draw', 'draw', 'draw', 'draw'], 'everyone tied is a draw');
  const resigned = (await pool.query("SELECT rank, result, resigned FROM game_results WHERE player_id = $1 AND game_type = 'puerto-rico'", [ben])).rows;
  t.same(resigned, [{ rank: 3, result: 'loss', resigned: true }], 'a resigned seat counts as its outcome says');

  const entries: any[] = [];
  for (let cursor = ''; ; ) {
    const page = (await send(app, 'GET', `/v1/game-types/meuterer/leaderboard?limit=2${cursor ? `&cursor=${cursor}` : ''}`)).body;
    entries.push(...page.items);
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  t.same(entries.map((e: any) => e.rank), [1, 2, 3, 4, 5], 'five rated players, over three pages');
  const ordinals = entries.map((e: any) => e.rating.ordinal);
  t.same(ordinals, [...ordinals].sort((a, b) => b - a), 'best first');
  t.ok(entries.every((e: any) => e.player?.name), 'players are named');
  const bots = (await send(app, 'GET', '/v1/game-types/voyages/leaderboard?limit=100')).body.items.filter((e: any) => e.bot);
  t.same(bots.map((e: any) => e.bot).sort(), ['greedy', 'random'], 'bots are rated as players of their own');
  t.equal((await send(app, 'GET', '/v1/game-types/chess/leaderboard')).status, 404);
  const viaGraphql = await gql(app, '{ leaderboard(type: "meuterer", limit: 10) { items { rank player { name } rating { ordinal } } } }');
  t.same(viaGraphql.data?.leaderboard.items.map((e: any) => e.rating.ordinal), ordinals);

  const rebuilt = spawnSync('npx', ['tsx', 'scripts/rebuild-ratings.ts'], { env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' }, encoding: 'utf8' });
  t.equal(rebuilt.status, 0, rebuilt.stderr);
  const after = (await pool.query('SELECT game_type, subject, mu, sigma, ordinal, games FROM ratings ORDER BY game_type, subject')).rows;
  t.same(after, stored, 'the rebuild command gives exactly the stored ratings');
});
