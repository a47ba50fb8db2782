/**
 * Archive and statistics latency for a player with many finished games (BENCH_ARCHIVE_GAMES, 10,000):
 * the games are written straight into Postgres as the projector leaves them (games, seats, results),
 * then the first page of the archive (plain and filtered) and the statistics are read through HTTP.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';

const GAMES = Number(process.env.BENCH_ARCHIVE_GAMES ?? 10_000);
const RUNS = 100;

type Http = (base: string, method: string, path: string, token?: string, body?: unknown) => Promise<any>;

async function seed(url: string, playerId: string, opponentId: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // `version` carries the game's number through the CTE: even games are won by the player.
    await client.query(
      `WITH g AS (
         INSERT INTO games (id, type, engine_version, options, seat_count, status, version, seed, seed_commitment, created_by,
                            outcome, created_at, started_at, finished_at, results_at)
         SELECT gen_random_uuid(), (ARRAY['puerto-rico','navegador','meuterer','voyages'])[1 + i % 4], 1, '{}', 2, 'finished', i,
                md5(i::text), md5(md5(i::text)), $1,
                CASE WHEN i % 2 = 0 THEN '{"scores":[50,40],"breakdown":[{},{}],"ranking":[[0],[1]],"winners":[0],"resigned":[]}'::jsonb
                     ELSE '{"scores":[40,50],"breakdown":[{},{}],"ranking":[[1],[0]],"winners":[1],"resigned":[]}'::jsonb END,
                now() - i * interval '1 hour', now() - i * interval '1 hour', now() - i * interval '1 hour' + interval '30 minutes', now()
           FROM generate_series(1, $3::int) i
         RETURNING id, type, version, finished_at),
       s AS (
         INSERT INTO seats (game_id, index, player_id) SELECT id, 0, $1::uuid FROM g UNION ALL SELECT id, 1, $2::uuid FROM g)
       INSERT INTO game_results (game_id, seat, game_type, player_id, finished_at, seat_count, rank, score, result, resigned)
       SELECT id, 0, type, $1::uuid, finished_at, 2, 1 + version % 2, CASE WHEN version % 2 = 0 THEN 50 ELSE 40 END,
              CASE WHEN version % 2 = 0 THEN 'win' ELSE 'loss' END, false FROM g
       UNION ALL
       SELECT id, 1, type, $2::uuid, finished_at, 2, 2 - version % 2, CASE WHEN version % 2 = 0 THEN 40 ELSE 50 END,
              CASE WHEN version % 2 = 0 THEN 'loss' ELSE 'win' END, false FROM g`,
      [playerId, opponentId, GAMES],
    );
    await client.query('ANALYZE games; ANALYZE seats; ANALYZE game_results');
  } finally {
    await client.end();
  }
}

async function latency(http: Http, base: string, path: string): Promise<string> {
  await http(base, 'GET', path); // warm
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await http(base, 'GET', path);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => (times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? NaN).toFixed(2);
  return `p50 ${at(50)} ms, p99 ${at(99)} ms`;
}

export async function archiveBench(http: Http, base: string, url: string): Promise<void> {
  const ana = (await http(base, 'POST', '/v1/players', undefined, { name: 'archive-a' })).player.id;
  const ben = (await http(base, 'POST', '/v1/players', undefined, { name: 'archive-b' })).player.id;
  await seed(url, ana, ben);
  console.log(`\n## Archive and statistics of a player with ${GAMES} finished games (HTTP, sequential, ${RUNS} requests each)`);
  console.log(`first archive page (20):            ${await latency(http, base, `/v1/players/${ana}/games`)}`);
  console.log(`filtered (type, result, opponent):  ${await latency(http, base, `/v1/players/${ana}/games?type=meuterer&result=win&opponent=${ben}`)}`);
  console.log(`a page deep in the archive (since): ${await latency(http, base, `/v1/players/${ana}/games?until=${new Date(Date.now() - 300 * 86_400_000).toISOString()}`)}`);
  console.log(`statistics per game type:           ${await latency(http, base, `/v1/players/${ana}/stats`)}`);
}
