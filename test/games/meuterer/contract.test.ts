/** Options, setup (§1.2, D1–D3) and the engine contract: error codes, schemas, outcome shape. */
import t from 'tap';
import { Value } from 'typebox/value';
import { Random, createRng } from '../../../src/engine/random.js';
import { CARDS, ISLAND_IDS, STANDARD_LAYOUT } from '../../../src/games/meuterer/data.js';
import { meuterer } from '../../../src/games/meuterer/index.js';
import { fullDeck, setup } from '../../../src/games/meuterer/setup.js';
import type { MeutererState } from '../../../src/games/meuterer/types.js';
import { captainCard, choose, conflict, offer, pass, play, snapshot, sorted } from './helpers.js';

const errorCode = (state: MeutererState, seat: number, move: unknown): string => {
  const r = meuterer.apply(state, seat, move as never);
  return r.ok ? 'accepted' : r.error.code;
};

t.test('options: defaults, unknown fields and the seat count', async (t) => {
  const ok = meuterer.validateOptions({}, 4);
  t.same(ok.ok && ok.value, { pirates: false, layout: 'random' });
  const cases: [unknown, number, string][] = [
    [{}, 2, 'INVALID_SEAT_COUNT'],
    [{}, 5, 'INVALID_SEAT_COUNT'],
    [{ pirates: 'yes' }, 4, 'INVALID_OPTIONS'],
    [{ layout: 'hexagon' }, 3, 'INVALID_OPTIONS'],
    [{ islands: 12 }, 3, 'INVALID_OPTIONS'],
  ];
  for (const [options, seats, code] of cases) {
    const r = meuterer.validateOptions(options, seats);
    t.same(r.ok ? 'accepted' : r.error.code, code, `${JSON.stringify(options)} with ${seats} seats`);
  }
  t.same(meuterer.players, { min: 3, max: 4 });
});

t.test('setup: captain by lot (D1), the island circle (D2), the deal in blocks from the captain (D3)', async (t) => {
  const captains = new Set<number>();
  const layouts = new Set<string>();
  for (let i = 0; i < 40; i++) {
    const seats = i % 2 === 0 ? 4 : 3;
    const seed = `setup-${i}`;
    const s = setup({ seats, options: { pirates: false, layout: 'random' }, seed });
    captains.add(s.captain);
    layouts.add(s.layout.join());
    t.equal(s.layout[0], 'hochland', 'Hochland is always position 0');
    t.same([...s.layout].sort(), [...ISLAND_IDS].sort(), 'the twelve islands');
    // Rebuild the draws in setup's order: captain, layout, deck.
    const rng = new Random(createRng(seed));
    t.equal(s.captain, rng.int(seats));
    rng.shuffle(ISLAND_IDS.slice(1));
    const deck = rng.shuffle(fullDeck(false));
    for (let k = 0; k < seats; k++) {
      const seat = (s.captain + k) % seats;
      t.same(s.players[seat]!.hand, deck.slice(5 * k, 5 * k + 5), 'each player takes the top 5 as a block, captain first');
    }
    t.same(s.deck, deck.slice(5 * seats));
    t.equal(s.rounds, seats === 4 ? 8 : 9);
    t.same([s.ship, s.active, s.phase, s.turn, s.pool.length, s.pirateShip], [0, [0], 'captainCard', s.captain, 5, null]);
  }
  t.ok(captains.size >= 3, 'the captain varies with the seed');
  t.equal(layouts.size, 40, 'the layout varies with the seed');
  const standard = setup({ seats: 4, options: { pirates: false, layout: 'standard' }, seed: 'std' });
  t.same(standard.layout, STANDARD_LAYOUT);
  t.same(meuterer.setup({ seats: 4, options: { pirates: false, layout: 'random' }, seed: 'same' }), meuterer.setup({ seats: 4, options: { pirates: false, layout: 'random' }, seed: 'same' }));
});

t.test('error codes: stable values, never thrown', async (t) => {
  const s = snapshot({ phase: 'captainCard', x: null, players: [{ hand: 'wine*5' }, { hand: 'salt*5' }, { hand: 'cloth*5' }, { hand: 'wheat*5' }] });
  const inOffer = play(s, [[0, captainCard(1)]]).state;
  const table: [string, MeutererState, number, unknown, string][] = [
    ['a seat not to move', s, 1, captainCard(0), 'NOT_YOUR_TURN'],
    ['an unseated viewer', s, 9, captainCard(0), 'NOT_YOUR_TURN'],
    ['null', s, 0, null, 'INVALID_MOVE'],
    ['an array', s, 0, [], 'INVALID_MOVE'],
    ['an unknown card', inOffer, 0, { type: 'offer', card: 'gold' }, 'INVALID_MOVE'],
    ['a captain card of 4', s, 0, { type: 'setCaptainCard', value: 4 }, 'INVALID_MOVE'],
    ['a negative count', s, 0, { type: 'playConflict', count: -1 }, 'INVALID_MOVE'],
    ['a fractional count', s, 0, { type: 'playConflict', count: 0.5 }, 'INVALID_MOVE'],
    ['an unknown role', s, 0, { type: 'chooseAction', role: 'cook' }, 'INVALID_MOVE'],
    ['a malformed sale', s, 0, { type: 'allocateSales', sales: [{ island: 0 }] }, 'INVALID_MOVE'],
    ['a move of another phase', s, 0, offer('wine'), 'ILLEGAL_MOVE'],
    ['a pass in phase 1', s, 0, pass, 'ILLEGAL_MOVE'],
    ['a card not in hand', inOffer, 0, offer('salt'), 'CARD_NOT_IN_HAND'],
    ['a mutiny play in phase 2', inOffer, 0, conflict(0), 'ILLEGAL_MOVE'],
  ];
  for (const [name, state, seat, move, code] of table) t.equal(errorCode(state, seat, move), code, name);

  const choosing = play(inOffer, [[0, offer('wine')], [1, pass]]).state;
  const taken = play(choosing, [[1, choose('mutineer')], [2, pass]]).state;
  t.equal(errorCode(taken, 2, choose('mutineer')), 'ROLE_NOT_AVAILABLE', 'a role already taken');
  t.equal(errorCode(taken, 2, offer('cloth')), 'ILLEGAL_MOVE', 'no offer while choosing');
  const mutiny = snapshot({
    phase: 'mutiny',
    players: [{ kept: 'conflict' }, { kept: 'salt', role: 'mutineer', passed: true }, { role: 'merchant', passed: true }, { role: 'boy', passed: true }],
  });
  t.equal(errorCode({ ...mutiny, queue: [1, 3] }, 0, conflict(2)), 'NOT_ENOUGH_CONFLICT_CARDS');
  t.equal(errorCode({ ...mutiny, queue: [1, 3] }, 0, offer('conflict')), 'ILLEGAL_MOVE', 'D28: no pirate or goods play outside phase 2');
});

t.test('every legal move fits moveSchema and every view fits viewSchema', async (t) => {
  let moves = 0;
  let bad = 0;
  for (let g = 0; g < 8; g++) {
    let state = meuterer.setup({ seats: 3 + (g % 2), options: { pirates: g % 4 < 2, layout: 'random' }, seed: `schema-${g}` });
    while (meuterer.outcome(state) === null) {
      for (const viewer of [state.turn, null]) if (!Value.Check(meuterer.viewSchema, meuterer.view(state, viewer))) bad++;
      const legal = meuterer.legalMoves(state, state.turn);
      for (const move of legal) if (!Value.Check(meuterer.moveSchema, move)) bad++;
      moves += legal.length;
      const r = meuterer.apply(state, state.turn, meuterer.bot.choose(state, state.turn, { level: 'greedy', seed: `${g}` }));
      if (!r.ok) throw new Error(r.error.message);
      state = r.state;
    }
    if (!Value.Check(meuterer.viewSchema, meuterer.view(state, null))) bad++;
  }
  t.equal(bad, 0, `${moves} legal moves and the views checked against the schemas`);
  t.notOk(Value.Check(meuterer.moveSchema, { type: 'offer', card: 'gold' }));
});

t.test('redacted history: secret moves hidden from others, public ones shown (§7)', async (t) => {
  const s = snapshot({ players: [{ hand: 'wine' }, {}, {}, {}] });
  t.same(meuterer.redactMove(s, 2, { type: 'keepCards', cards: ['ruby', 'salt'] }, 0), { type: 'keepCards', hidden: true, kept: 2 });
  t.same(meuterer.redactMove(s, 2, { type: 'keepCards', cards: ['ruby', 'salt'] }, 2), { type: 'keepCards', cards: ['ruby', 'salt'] });
  t.same(meuterer.redactMove(s, 2, choose('merchant'), null), { type: 'chooseAction', hidden: true, text: 'chose an action card' });
  for (const move of [offer('wine'), pass, conflict(2), captainCard(3)]) t.same(meuterer.redactMove(s, 0, move, 1), move, `${move.type} is public`);
});

t.test('the card vocabulary matches the component list (§1.1)', async (t) => {
  t.equal(fullDeck(false).length, 36);
  t.equal(fullDeck(true).length, 37);
  t.same(sorted(fullDeck(true)).filter((c, i, a) => a.indexOf(c) === i), [...CARDS].sort());
});

t.test('the bots: legal moves, deterministic for a given seed', async (t) => {
  t.same(meuterer.bot.levels, ['random', 'greedy', 'medium', 'strong']);
  let state = meuterer.setup({ seats: 4, options: { pirates: true, layout: 'random' }, seed: 'bot-determinism' });
  let checked = 0;
  for (let n = 0; meuterer.outcome(state) === null; n++) {
    for (const level of meuterer.bot.levels) {
      // A small search budget: the search levels' strength is tested in test/bots/search-levels.test.ts.
      const a = meuterer.bot.choose(state, state.turn, { level, seed: `b${n}`, iterations: 6 });
      const b = meuterer.bot.choose(state, state.turn, { level, seed: `b${n}`, iterations: 6 });
      t.same(a, b, `${level} move ${n} repeats for the same seed`);
      t.ok(meuterer.apply(state, state.turn, a).ok, `${level} move ${n} is legal`);
      checked++;
    }
    const r = meuterer.apply(state, state.turn, meuterer.bot.choose(state, state.turn, { level: 'greedy', seed: `b${n}` }));
    if (!r.ok) throw new Error(r.error.message);
    state = r.state;
  }
  t.ok(checked > 100);
});
