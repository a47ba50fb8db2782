/**
 * Property test: seeded games, random and bot, 3 and 4 players, with and without pirates, played to the
 * end through the shared harness (legalMoves and apply agree, apply never mutates, the state is plain
 * JSON, a replay gives the same state) plus Meuterer's own invariants after every move. Whether apply
 * accepts exactly the listed moves among wide candidates is legal-moves.test.ts' job.
 *
 * PROPERTY_GAMES sets the number of games, split evenly over the 8 configurations: a quick seeded run
 * of 48 by default, 2000 (or more) for a long one.
 */
import assert from 'node:assert/strict';
import t from 'tap';
import { CARDS, HAND_SIZE, LOADING_CLERK_EXTRA, ROLES, type Card } from '../../../src/games/meuterer/data.js';
import { meuterer } from '../../../src/games/meuterer/index.js';
import { fullDeck } from '../../../src/games/meuterer/setup.js';
import type { MeutererState } from '../../../src/games/meuterer/types.js';
import { playGame } from '../../support/engine-harness.js';
import { allCards } from './helpers.js';

const GAMES = Number(process.env.PROPERTY_GAMES ?? 48);

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
