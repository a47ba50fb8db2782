/**
 * Property test: thousands of seeded games, random and bot, 3 and 4 players, with and without
 * pirates, played to the end through the shared harness (legalMoves and apply agree, apply never
 * mutates, the state is plain JSON, a replay gives the same state) plus Meuterer's own invariants and,
 * every tenth move, a wider agreement check: apply accepts exactly the listed moves among candidates.
 *
 * PROPERTY_GAMES sets the number of games (default 2000, split evenly over the 8 configurations).
 */
import assert from 'node:assert/strict';
import t from 'tap';
import { CAPTAIN_CARD_VALUES, CARDS, HAND_SIZE, LOADING_CLERK_EXTRA, ROLES, type Card } from '../../../src/games/meuterer/data.js';
import { meuterer } from '../../../src/games/meuterer/index.js';
import { fullDeck } from '../../../src/games/meuterer/setup.js';
import type { MeutererMove, MeutererState } from '../../../src/games/meuterer/types.js';
import { playGame } from '../../support/engine-harness.js';
import { allCards } from './helpers.js';

const GAMES = Number(process.env.PROPERTY_GAMES ?? 2000);

function cardCounts(list: readonly Card[]): string {
  return CARDS.map((c) => list.filter((x) => x === c).length).join(',');
}

const BEFORE_SCORING = new Set(['captainCard', 'offer', 'chooseAction', 'mutiny']);

/** Invariants that hold after every move. */
function checkState(before: MeutererState, after: MeutererState, where: string, deck: string): void {
  assert.equal(cardCounts(allCards(after)), deck, `${where}: every card accounted for`);
  assert.ok(after.round >= before.round && after.round <= after.rounds, `${where}: round in range`);
  assert.ok(after.active.length >= 1 && after.active.length <= 2 && after.active.includes(after.ship), `${where}: at most 2 active islands, the ship's among them`);
  assert.ok(after.discard.length + after.deck.length > 0 || after.phase === 'gameOver', `${where}: deck and discard never both empty`);
  for (const [seat, p] of after.players.entries()) {
    assert.equal(p.score, p.breakdown.ship + p.breakdown.boatswain + p.breakdown.boy + p.breakdown.sales, `${where}: seat ${seat} score = breakdown`);
    assert.ok(p.hand.length + p.faceUp.length + p.kept.length + p.mutinyCards <= HAND_SIZE, `${where}: seat ${seat} holds at most 5 this round`);
    if (p.passed) assert.equal(p.hand.length, 0, `${where}: a passed player holds no hand`);
    // Until 5a the captain holds no action card; after a successful mutiny the new captain keeps the mutineer card (D10).
    if (seat === after.captain && BEFORE_SCORING.has(after.phase)) assert.equal(p.role, null, `${where}: the captain holds no action card`);
  }
  const roles = [...after.pool, ...after.players.flatMap((p) => (p.role === null ? [] : [p.role]))].sort();
  assert.deepEqual(roles, [...ROLES].sort(), `${where}: the five action cards are in the pool or held`);
  assert.ok(after.clerkDrawn.length <= HAND_SIZE + LOADING_CLERK_EXTRA, `${where}: clerk draw in range`);
  if (after.phase === 'gameOver') {
    assert.equal(after.round, after.rounds, `${where}: the game ends after the last round`);
    assert.equal(after.rounds, after.seats === 3 ? 9 : 8, `${where}: 9 rounds with 3 players, 8 with 4`);
  } else {
    assert.ok(before.phase !== 'gameOver', `${where}: nothing follows the end`);
  }
  if (after.round > before.round) assert.equal(after.round, before.round + 1, `${where}: rounds advance one at a time`);
}

/**
 * A universe of candidate moves for the seat to act: every simple move of every phase, the listed
 * allocations and keeps, and near misses of them. `apply` must accept exactly the listed ones.
 */
function candidates(state: MeutererState): MeutererMove[] {
  const listed = meuterer.legalMoves(state, state.turn);
  const out: MeutererMove[] = [
    ...CAPTAIN_CARD_VALUES.map((value): MeutererMove => ({ type: 'setCaptainCard', value })),
    ...CARDS.map((card): MeutererMove => ({ type: 'offer', card })),
    { type: 'pass' },
    ...ROLES.map((role): MeutererMove => ({ type: 'chooseAction', role })),
    ...Array.from({ length: 7 }, (_, count): MeutererMove => ({ type: 'playConflict', count })),
    ...CARDS.map((card): MeutererMove => ({ type: 'keepCards', cards: [card] })),
    { type: 'keepCards', cards: [] },
  ];
  for (const move of listed) {
    out.push(move);
    if (move.type === 'allocateSales' && move.sales[0] !== undefined) {
      const [first, ...others] = move.sales;
      out.push({ type: 'allocateSales', sales: [{ ...first, count: first.count + 1 }, ...others] });
      out.push({ type: 'allocateSales', sales: others });
    }
    if (move.type === 'keepCards') out.push({ type: 'keepCards', cards: [...move.cards, 'conflict'] });
  }
  return out;
}

function checkAgreement(state: MeutererState, where: string): void {
  const listed = new Set(meuterer.legalMoves(state, state.turn).map((m) => JSON.stringify(m)));
  for (const move of candidates(state)) {
    const accepted = meuterer.apply(state, state.turn, move).ok;
    assert.equal(accepted, listed.has(JSON.stringify(move)), `${where}: apply and legalMoves disagree on ${JSON.stringify(move)}`);
  }
}

const CONFIGS = [3, 4].flatMap((seats) => [false, true].flatMap((pirates) => ['random', 'greedy'].map((policy) => ({ seats, pirates, policy }))));

t.test(`property: ${GAMES} complete games keep every invariant`, async (t) => {
  const perConfig = Math.max(1, Math.ceil(GAMES / CONFIGS.length));
  let played = 0;
  for (const { seats, pirates, policy } of CONFIGS) {
    const deck = cardCounts(fullDeck(pirates));
    for (let i = 0; i < perConfig; i++) {
      const seed = `prop-${seats}-${pirates ? 'p' : 'b'}-${policy}-${i}`;
      let rounds = 0;
      const game = playGame(meuterer, {
        seats,
        options: { pirates },
        seed,
        policy,
        maxMoves: 3000,
        deepEvery: 7,
        check: (before, after, _seat, _move, index) => {
          checkState(before as MeutererState, after as MeutererState, `${seed} move#${index}`, deck);
          if (index % 10 === 0) checkAgreement(before as MeutererState, `${seed} move#${index}`);
          rounds = (after as MeutererState).round;
        },
      });
      const end = game.state as MeutererState;
      const outcome = meuterer.outcome(end);
      assert.ok(outcome !== null, `${seed}: finished`);
      assert.equal(rounds, seats === 3 ? 9 : 8, `${seed}: ended after the right round`);
      assert.deepEqual(outcome.ranking.flat().sort(), Array.from({ length: seats }, (_, s) => s), `${seed}: everyone ranked once`);
      assert.ok(outcome.winners.every((w) => outcome.scores[w] === Math.max(...outcome.scores)), `${seed}: winners have the top score`);
      played++;
    }
  }
  t.equal(played, perConfig * CONFIGS.length, `${played} games played to the end`);
});

t.test('the greedy bot outscores random play', async (t) => {
  // Seat 0 plays greedy against three random seats; over 200 games it should average clearly more.
  let greedyTotal = 0;
  let randomTotal = 0;
  const games = 200;
  for (let i = 0; i < games; i++) {
    let state = meuterer.setup({ seats: 4, options: { pirates: false, layout: 'random' }, seed: `duel-${i}` });
    for (let n = 0; meuterer.outcome(state) === null; n++) {
      const seat = state.turn;
      const level = seat === 0 ? 'greedy' : 'random';
      const move = meuterer.bot.choose(state, seat, { level, seed: `duel-${i}-${n}` });
      const r = meuterer.apply(state, seat, move);
      assert.ok(r.ok);
      state = r.state;
    }
    const scores = meuterer.outcome(state)!.scores;
    greedyTotal += scores[0]!;
    randomTotal += (scores[1]! + scores[2]! + scores[3]!) / 3;
  }
  t.ok(greedyTotal > randomTotal * 1.2, `greedy ${(greedyTotal / games).toFixed(1)} vs random ${(randomTotal / games).toFixed(1)} per game`);
});
