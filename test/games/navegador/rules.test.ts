/** Rules outside the golden scenarios: options, the canonical deal, steps, tables T1/T11, and the bot. */
import t from 'tap';
import { Random, createRng } from '../../../src/engine/random.js';
import { navegador } from '../../../src/games/navegador/index.js';
import { TOKEN_VALUES } from '../../../src/games/navegador/data.js';
import { rondelDistance, rondelShipCost, unitCost } from '../../../src/games/navegador/rules.js';
import type { NavegadorState } from '../../../src/games/navegador/types.js';
import { P, atAction, atTurnStart, fresh, given, play, refusal, setShips } from './fixtures/helpers.js';

t.test('options and seat counts (§1.3: 2 to 5 players)', async (t) => {
  t.same(navegador.validateOptions({}, 4), { ok: true, value: {} });
  t.same(navegador.validateOptions(undefined, 2), { ok: true, value: {} });
  for (const seats of [1, 6]) t.match(navegador.validateOptions({}, seats), { ok: false, error: { code: 'INVALID_SEAT_COUNT' } });
  t.match(navegador.validateOptions({ map: 'x' }, 3), { ok: false, error: { code: 'INVALID_OPTIONS' } });
});

t.test('the canonical deal (§1.2 step 3a): start player, then the sugar, gold and spice shuffles', async (t) => {
  const seed = 'deal';
  const s = navegador.setup({ seats: 4, options: {}, seed });
  const rng = new Random(createRng(seed));
  t.equal(s.startSeat, rng.int(4));
  const sugar = rng.shuffle(TOKEN_VALUES.sugar);
  const gold = rng.shuffle(TOKEN_VALUES.gold);
  const spice = rng.shuffle(TOKEN_VALUES.spice);
  t.same(s.regions[2]!.hidden, sugar.slice(0, 4), 'Bahia');
  t.same(s.regions[3]!.hidden, sugar.slice(4, 8), 'Rio de Janeiro');
  t.same([1, 4, 5, 6].map((r) => s.regions[r]!.hidden), [gold.slice(0, 3), gold.slice(3, 6), gold.slice(6, 7), gold.slice(7, 10)]);
  t.same(s.regions[12]!.hidden, spice.slice(11, 12), 'Nagasaki is the last spice stack');
  t.same(s.setAside, [sugar[8], gold[10], spice[12]], 'the last token of each pile is set aside');
  t.equal(s.current, s.startSeat);
  t.equal(s.navegador.holder, (s.startSeat + 3) % 4);
  t.same(navegador.setup({ seats: 4, options: {}, seed }), s, 'deterministic');
});

t.test('T1: rondel distance and ship cost', async (t) => {
  const rows: [number, number, number, number][] = [
    [0, 1, 1, 0],
    [0, 3, 3, 0],
    [0, 4, 4, 1],
    [0, 0, 8, 5],
    [7, 0, 1, 0],
    [6, 2, 4, 1],
    [5, 4, 7, 4],
  ];
  for (const [from, to, d, cost] of rows) {
    t.equal(rondelDistance(from, to), d, `${from} → ${to}`);
    t.equal(rondelShipCost(d), cost);
  }
});

t.test('T11: worker and ship prices', async (t) => {
  const rows: [number, number, 1 | 2 | 3, number][] = [
    [1, 1, 1, 50], [1, 1, 3, 50], [1, 2, 1, 150], [1, 2, 2, 250], [1, 2, 3, 350],
    [2, 2, 3, 100], [2, 3, 1, 200], [2, 3, 2, 300], [2, 3, 3, 400], [3, 3, 2, 150],
    [1, 3, 1, 250], [1, 3, 2, 450], [1, 3, 3, 650],
  ];
  for (const [cheap, k, phase, cost] of rows) t.equal(unitCost(k, cheap, phase), cost, `${cheap} cheap, k=${k}, phase ${phase}`);
});

t.test('turn steps: the rondel move comes first, the Navegador sail only before it (§2.1)', async (t) => {
  const s = atTurnStart(4, 0);
  t.equal(refusal(s, 0, { type: 'skip' }), 'WRONG_STEP');
  t.equal(refusal(s, 0, { type: 'recruit', count: 1 }), 'WRONG_STEP');
  t.equal(refusal(s, 0, { type: 'navegador', paths: [{ path: [0, 1], count: 2 }] }), 'NAVEGADOR_UNAVAILABLE', 'seat 0 does not hold the card');
  const holder = atTurnStart(4, 3, (s) => setShips(P(s, 3), { 0: 2 }));
  t.equal(refusal(holder, 3, { type: 'navegador', paths: [] }), 'INVALID_MOVE', 'the Navegador sail moves at least 1 ship (§5 decision)');
  const moved = play(holder, 3, { type: 'rondel', field: 1 }).state;
  t.equal(refusal(moved, 3, { type: 'navegador', paths: [{ path: [0, 1], count: 2 }] }), 'NAVEGADOR_UNAVAILABLE', 'not after the rondel move');
    const sailing = atAction(4, 0, 0);
  t.equal(refusal(sailing, 0, { type: 'sail', paths: [] }), 'INVALID_MOVE', 'sailing nothing is a skip');
  t.equal(refusal(sailing, 0, { type: 'sail', paths: [{ path: [0], count: 1 }] }), 'INVALID_MOVE');
  t.same(navegador.legalMoves(moved, 0), [], 'a seat not to move has no legal move');
  t.same(navegador.toMove(moved), [3]);
});

t.test('legalMoves lists each rondel field once, with the default payment (§2.2)', async (t) => {
  const s = atTurnStart(4, 0, (s) => setShips(P(s, 0), { 0: 1, 3: 3 }));
  const rondel = navegador.legalMoves(s, 0).filter((m) => m.type === 'rondel');
  t.same(rondel.map((m) => m.type === 'rondel' && m.field), [1, 2, 3, 4, 5, 6, 7], 'the 4 ships pay up to d = 7; Sailing again would cost 5');
  t.same(rondel.find((m) => m.type === 'rondel' && m.field === 5), { type: 'rondel', field: 5, pay: [3, 3] }, 'from the region holding the most');
  const omitted = play(s, 0, { type: 'rondel', field: 6 }).state;
  t.same(P(omitted, 0).ships.slice(0, 4), [0, 0, 0, 1], 'an omitted payment takes the default: Rio, Rio, then Portugal (lowest id on a tie)');
});

/** Greedy (seat 0) against random (the others): the bot is better than random. */
function greedyVersusRandom(seats: number, seed: string): boolean {
  let s: NavegadorState = navegador.setup({ seats, options: {}, seed });
  const rng = new Random(createRng(`${seed}:random`));
  for (let i = 0; !s.finished; i++) {
    const seat = s.current;
    const move = seat === 0 ? navegador.bot.choose(s, 0, { level: 'greedy', seed: `${seed}:${i}` }) : rng.pick(navegador.legalMoves(s, seat));
    s = play(s, seat, move).state;
  }
  return navegador.outcome(s)!.winners.includes(0);
}

t.test('bot: levels, legal and deterministic moves, never peeking, better than random', async (t) => {
  t.same(navegador.bot.levels, ['random', 'greedy', 'medium', 'strong']);
  const s = atAction(4, 0, 2, (s) => {
    P(s, 0).colonies = [2, 0, 1];
    P(s, 0).factories = [0, 1, 0];
  });
  for (const level of navegador.bot.levels) {
    const move = navegador.bot.choose(s, 0, { level, seed: 'x' });
    t.ok(navegador.apply(s, 0, move).ok, `${level} plays a legal move`);
    t.same(navegador.bot.choose(s, 0, { level, seed: 'x' }), move, `${level} is deterministic for a seed`);
  }
  const start = fresh(3);
  const swapped = given(start, (x) => {
    const [a, b] = [x.regions[2]!.hidden, x.regions[3]!.hidden];
    x.regions[2]!.hidden = b;
    x.regions[3]!.hidden = a;
  });
  t.same(navegador.bot.choose(swapped, 0, { level: 'greedy', seed: 'p' }), navegador.bot.choose(start, 0, { level: 'greedy', seed: 'p' }), 'face-down tokens do not change its choice');
  const seeds = [2, 3, 4, 5, 2, 3].map((seats, i) => ({ seats, seed: `duel-${i}` }));
  const wins = seeds.filter(({ seats, seed }) => greedyVersusRandom(seats, seed)).length;
  t.ok(wins >= 5, `greedy won ${wins} of ${seeds.length} games against random players`);
});
