/**
 * npm run bots:ladder: seeded matches between the bot levels of each game, played on the engines alone.
 * Two seats (three for Meuterer, which needs them): each search level against greedy, and greedy
 * against random, both seat orders. Then the largest seat count every game allows (4): one bot of each
 * level at the table, seats rotated. Prints win rates (Wilson 95% intervals) and average ranks (95%
 * intervals), and each level's rating, computed game by game with the service's own rating code
 * (`rateGame`, openskill), so it is the rating the leaderboard would give after these games.
 *
 *   npm run bots:ladder                          short run (a few games per pairing)
 *   LADDER_GAMES=100 npm run bots:ladder         games per pairing (the long run)
 *   LADDER_ONLY=puerto-rico,navegador ...        some games only
 */
import { GAMES } from '../src/games/registry.js';
import { playMatch } from '../src/engine/match.js';
import type { AnyGameDefinition, Outcome } from '../src/engine/types.js';
import { rateGame, type StoredRating } from '../src/service/ratings.js';

const GAMES_PER_PAIRING = Number(process.env.LADDER_GAMES ?? 4);
const ONLY = process.env.LADDER_ONLY?.split(',');
const TABLE_SEATS = 4;

interface Tally {
  games: number;
  wins: number;
  ranks: number[];
}

function wilson(wins: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const z = 1.96;
  const p = wins / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

function meanInterval(values: readonly number[]): string {
  const n = values.length;
  const mean = values.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, n - 1));
  return `${mean.toFixed(2)} ± ${((1.96 * sd) / Math.sqrt(n)).toFixed(2)}`;
}

const pct = (x: number) => `${Math.round(x * 100)}%`;

/** Plays one table, updates the tallies of the level under test and the ratings. */
function play(game: AnyGameDefinition, levels: readonly string[], seed: string, ratings: Map<string, StoredRating>): Outcome {
  const { outcome } = playMatch(game, levels, seed);
  const seats = levels.map((level, index) => ({ index, playerId: null, botLevel: level, resigned: false }));
  for (const row of rateGame({ id: seed, type: game.id, seatCount: levels.length, finishedAt: new Date(0), outcome: { ...outcome, resigned: [] }, seats }, ratings)) {
    ratings.set(row.subject, { mu: row.mu, sigma: row.sigma, games: row.games });
  }
  return outcome;
}

const rankOf = (outcome: Outcome, seat: number) => outcome.ranking.findIndex((group) => group.includes(seat)) + 1;

function headToHead(game: AnyGameDefinition, level: string, rival: string, seats: number, ratings: Map<string, StoredRating>): string {
  const tally: Tally = { games: 0, wins: 0, ranks: [] };
  let rivalFirsts = 0;
  for (let i = 0; i < GAMES_PER_PAIRING; i++) {
    const seat = i % seats;
    const levels = Array.from({ length: seats }, (_, s) => (s === seat ? level : rival));
    const outcome = play(game, levels, `ladder:${game.id}:${level}:${rival}:${seats}:${i}`, ratings);
    tally.games++;
    if (outcome.winners.length === 1 && outcome.winners[0] === seat) tally.wins++;
    if (outcome.winners.some((s) => s !== seat)) rivalFirsts++;
    tally.ranks.push(rankOf(outcome, seat));
  }
  const [lo, hi] = wilson(tally.wins, tally.games);
  const rivals = seats === 2 ? rival : `${seats - 1} × ${rival}`;
  return `| ${game.id} | ${seats} | ${level} vs ${rivals} | ${tally.games} | ${pct(tally.wins / tally.games)} (${pct(lo)}-${pct(hi)}) | ${rivalFirsts} | ${meanInterval(tally.ranks)} |`;
}

function table(game: AnyGameDefinition, ratings: Map<string, StoredRating>): string[] {
  const levels = game.bot.levels;
  const ranks = new Map<string, number[]>(levels.map((l) => [l, []]));
  const wins = new Map<string, number>(levels.map((l) => [l, 0]));
  const games = Math.max(TABLE_SEATS, GAMES_PER_PAIRING);
  for (let i = 0; i < games; i++) {
    const seated = Array.from({ length: TABLE_SEATS }, (_, s) => levels[(s + i) % levels.length] as string);
    const outcome = play(game, seated, `ladder:${game.id}:table:${i}`, ratings);
    seated.forEach((level, seat) => {
      ranks.get(level)?.push(rankOf(outcome, seat));
      if (outcome.winners.length === 1 && outcome.winners[0] === seat) wins.set(level, (wins.get(level) ?? 0) + 1);
    });
  }
  return levels.map((level) => {
    const n = ranks.get(level)?.length ?? 0;
    const [lo, hi] = wilson(wins.get(level) ?? 0, n);
    return `| ${game.id} | ${TABLE_SEATS} | ${level} at a table of ${levels.join(', ')} | ${n} | ${pct((wins.get(level) ?? 0) / n)} (${pct(lo)}-${pct(hi)}) | | ${meanInterval(ranks.get(level) ?? [])} |`;
  });
}

function ratingLines(game: AnyGameDefinition, ratings: ReadonlyMap<string, StoredRating>): string[] {
  return game.bot.levels.flatMap((level) => {
    const r = ratings.get(`bot:${level}`);
    return r ? [`| ${game.id} | ${level} | ${r.mu.toFixed(1)} | ${r.sigma.toFixed(1)} | ${(r.mu - 3 * r.sigma).toFixed(1)} | ${r.games} |`] : [];
  });
}

const RESULTS_HEADER = ['| game | seats | pairing | games | first alone (95% CI) | rivals first | average rank (95% CI) |', '| --- | --- | --- | --- | --- | --- | --- |'];
const RATINGS_HEADER = ['| game | level | mu | sigma | rating (mu - 3 sigma) | rated games |', '| --- | --- | --- | --- | --- | --- |'];

/** Each game's results, then its levels' ratings, printed as soon as its games are played. */
function main(): void {
  console.log(`Games per pairing: ${GAMES_PER_PAIRING}`);
  for (const game of GAMES) {
    if (ONLY && !ONLY.includes(game.id)) continue;
    const ratings = new Map<string, StoredRating>();
    const seats = Math.max(2, game.players.min);
    const levels = game.bot.levels;
    console.log(['', ...RESULTS_HEADER].join('\n'));
    for (const level of levels.slice(levels.indexOf('greedy') + 1)) console.log(headToHead(game, level, 'greedy', seats, ratings));
    console.log(headToHead(game, 'greedy', 'random', seats, ratings));
    if (game.players.max >= TABLE_SEATS) for (const line of table(game, ratings)) console.log(line);
    console.log(['', ...RATINGS_HEADER, ...ratingLines(game, ratings)].join('\n'));
  }
}

main();
