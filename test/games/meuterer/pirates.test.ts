/** Golden scenarios 23–29: the pirate variant (§6, D20–D28). */
import t from 'tap';
import { meuterer } from '../../../src/games/meuterer/index.js';
import { setup } from '../../../src/games/meuterer/setup.js';
import type { MeutererState } from '../../../src/games/meuterer/types.js';
import { P, afterRoundEnd, allCards, cards, choose, conflict, offer, pass, play, rest, snapshot, sorted } from './helpers.js';

const [A, B, C, D] = [0, 1, 2, 3] as const;

t.test('pirate setup: 37 cards and the pirate ship on Piratennest (§6 step 1)', async (t) => {
  for (const layout of ['standard', 'random'] as const) {
    const s = setup({ seats: 4, options: { pirates: true, layout }, seed: `pirate-${layout}` });
    t.equal(allCards(s).length, 37);
    t.equal(s.layout[s.pirateShip ?? -1], 'piratennest');
  }
  t.equal(setup({ seats: 4, options: { pirates: false, layout: 'standard' }, seed: 'x' }).pirateShip, null);
  t.equal(allCards(setup({ seats: 3, options: { pirates: false, layout: 'standard' }, seed: 'x' })).length, 36);
});

/** GS-23's table: merchant ship on Sommerland, active {AI, SL}, pirate ship on Piratennest. */
function gs23(dHand: string): MeutererState {
  const hands = ['salt salt wine cloth conflict', 'wheat ruby ruby salt wine', 'conflict wheat wheat cloth cloth', dHand];
  return snapshot({
    pirates: true,
    ship: P.SL,
    active: [P.AI, P.SL],
    pirateShip: P.PN,
    players: hands.map((hand) => ({ hand })),
    deck: rest(hands, true),
  });
}

const openingMoves = [
  [A, offer('salt')],
  [B, offer('wheat')],
  [C, offer('conflict')],
  [D, offer('cloth')],
  [A, offer('salt')],
  [B, pass],
  [B, choose('merchant')],
  [C, pass],
  [C, choose('boy')],
] as const;

t.test('golden 23: the pirate reaches the merchant ship and plunders passed players too (GS-23, D21, D25)', async (t) => {
  const before = play(gs23('cloth cloth pirate wine ruby'), [...openingMoves, [D, offer('cloth')], [A, pass]]).state;
  t.equal(before.captainDestination, P.FI, 'A passes with fd 3: Fingerhut');
  t.same(sorted(before.players[D]!.hand), sorted(cards('pirate wine ruby')));
  const { state: s, log } = play(before, [[D, offer('pirate')]]);
  t.same(sorted(s.discard), sorted(cards('salt salt wheat conflict cloth cloth pirate')), '7 cards plundered');
  t.ok(s.players.every((p) => p.faceUp.length === 0), 'every face-up area is empty');
  t.same(s.players.map((p) => p.kept.length), [3, 4, 4, 0], 'kept sets unchanged');
  t.same(s.players.map((p) => p.role), [null, 'merchant', 'boy', null]);
  t.same(s.players.map((p) => p.passed), [true, true, true, false]);
  t.equal(s.captainDestination, P.FI);
  t.equal(s.pirateShip, P.SL);
  t.ok(log.some((e) => e.type === 'pirate.sailed' && e.from === P.PN && e.to === P.SL && e.plunder === true));
  t.same(meuterer.toMove(s), [D], 'D, the only one not passed, moves next');
  t.same(sorted(s.players[D]!.hand), sorted(cards('wine ruby')));
});

t.test('golden 24: the pirate passes the merchant ship (GS-24, D22)', async (t) => {
  const { state: s } = play(gs23('cloth pirate wine ruby salt'), [...openingMoves, [D, offer('pirate')]]);
  t.same(sorted(s.discard), sorted(cards('salt salt wheat conflict cloth pirate')), '6 cards plundered');
  t.equal(s.pirateShip, P.KK, 'N = 3: 8, 7, 6; it stops on Kalte Klippe');
  t.same(meuterer.toMove(s), [A]);
});

t.test('golden 25: the pirate falls short; the card stays face up and counts for nothing (GS-25, D26, D24)', async (t) => {
  const s = snapshot({
    pirates: true,
    ship: P.SL,
    active: [P.AI, P.SL],
    pirateShip: P.PN,
    turn: D,
    captainDestination: P.FI,
    players: [
      { kept: 'wine wine wine', passed: true },
      { kept: 'wine', role: 'merchant', passed: true },
      { kept: 'wine', role: 'boy', passed: true },
      { hand: 'pirate wine', faceUp: 'cloth cloth ruby' },
    ],
  });
  const sailed = play(s, [[D, offer('pirate')]]);
  t.equal(sailed.state.pirateShip, P.RR, 'N = 1: Rotes Riff, Sommerland not entered');
  t.ok(sailed.log.some((e) => e.type === 'pirate.sailed' && e.plunder === false));
  t.same(sailed.state.players[D]!.faceUp, cards('cloth cloth ruby pirate'), 'the pirate card stays face up');
  t.same(meuterer.toMove(sailed.state), [D]);
  const end = play(sailed.state, [[D, pass], [D, choose('boatswain')]]).state;
  t.same(end.players[D]!.breakdown.sales, 0, 'it counts 0 at Affeninsel and Sommerland');
  t.ok(end.discard.includes('pirate'), 'discarded in phase 7');
  t.equal(end.round, 2);
  t.equal(end.pirateShip, P.RR, 'the pirate ship stays on Rotes Riff into the next round');
});

t.test('golden 26: the merchant ship passes the pirate ship; nothing happens (GS-26)', async (t) => {
  const s = snapshot({
    pirates: true,
    ship: P.SL,
    active: [P.SL],
    pirateShip: P.RR,
    players: [
      { hand: 'wine salt' },
      { kept: 'wine', role: 'merchant', passed: true },
      { kept: 'wine', role: 'boy', passed: true },
      { kept: 'wine', role: 'boatswain', passed: true },
    ],
  });
  const next = play(s, [[A, pass]]).state;
  t.equal(next.ship, P.PN, 'the ship sails SL → PN past the pirate ship');
  t.equal(next.pirateShip, P.RR);
  const later = snapshot({
    pirates: true,
    ship: P.PN,
    active: [P.SL, P.PN],
    pirateShip: P.RR,
    turn: D,
    players: [{ hand: 'wine' }, { hand: 'wine' }, { hand: 'wine' }, { hand: 'pirate wine salt cloth ruby', faceUp: 'wheat' }],
  });
  const { state: sailed } = play(later, [[D, offer('pirate')]]);
  t.equal(sailed.pirateShip, P.EF, 'N = 4 from RR: 7, 6, 5, 4');
  t.same(sailed.players[D]!.faceUp, cards('wheat pirate'), 'Piratennest cannot be reached: no plunder');
});

t.test('golden 27: the pirate played as the last card (GS-27, D21)', async (t) => {
  const s = snapshot({
    pirates: true,
    ship: P.SL,
    active: [P.SL],
    pirateShip: P.RR,
    turn: D,
    captainDestination: P.SL,
    players: [
      { kept: '', passed: true },
      { kept: 'wine', role: 'merchant', passed: true },
      { kept: 'wine', role: 'boy', passed: true },
      { hand: 'pirate', faceUp: 'salt' },
    ],
  });
  const { state: after, log } = play(s, [[D, offer('pirate')]]);
  t.equal(after.pirateShip, P.RR, 'N = 0: no movement');
  t.ok(log.some((e) => e.type === 'pirate.sailed' && e.plunder === false));
  t.same(after.players[D]!.faceUp, cards('salt pirate'));
  t.same(meuterer.legalMoves(after, D), [pass], 'at his next turn pass is the only legal move');
});

t.test('golden 28: the pirate starts on the merchant ship island and sails away (GS-28, D22)', async (t) => {
  const s = snapshot({
    pirates: true,
    ship: P.SL,
    active: [P.SL],
    pirateShip: P.SL,
    players: [{ hand: 'pirate wine salt', faceUp: 'salt' }, { faceUp: 'salt' }, {}, {}],
  });
  const { state: after } = play(s, [[A, offer('pirate')]]);
  t.equal(after.pirateShip, P.AI, 'it moves to 6, then 5');
  t.same(after.players[A]!.faceUp, cards('salt pirate'), 'no plunder');
  t.same(after.players[B]!.faceUp, cards('salt'));
});

t.test('golden 29: the pirate card held back (GS-29, D27)', async (t) => {
  const s = snapshot({
    pirates: true,
    players: [
      { hand: 'pirate wine' },
      { kept: 'salt', role: 'mutineer', passed: true },
      { kept: 'salt', role: 'boy', passed: true },
      { kept: 'salt', role: 'merchant', passed: true },
    ],
  });
  const m = play(s, [[A, pass]]).state;
  t.equal(m.captainDestination, P.GL, 'N = 2 counts the pirate card: Grünland');
  t.same(meuterer.legalMoves(m, A), [conflict(0)], 'the pirate card is not a conflict card');
  const end = play(m, [[A, conflict(0)], [B, conflict(0)], [C, conflict(0)]]).state;
  t.ok(end.players[A]!.hand.includes('pirate'), 'phase 7 returns it to his hand');

  // Separately: a loading clerk may put a drawn pirate card under the discard pile.
  const clerk = snapshot({
    pirates: true,
    phase: 'allocate',
    players: [{ hand: 'salt*5' }, { hand: 'salt*5' }, { hand: 'wine*5' }, { hand: 'wine*4', role: 'loadingClerk' }],
    deck: cards('pirate cloth ruby wheat wheat'),
  });
  const paused = afterRoundEnd({ ...clerk, captainDestination: clerk.ship }, []);
  t.same(paused.clerkDrawn, cards('pirate cloth ruby wheat'));
  const keeps = meuterer.legalMoves(paused, D).map((m) => (m.type === 'keepCards' ? m.cards.join('+') : ''));
  t.same(keeps.sort(), ['cloth', 'pirate', 'ruby', 'wheat']);
  const kept = play(paused, [[D, { type: 'keepCards', cards: ['cloth'] }]]).state;
  t.same(sorted(kept.discard), sorted(cards('pirate ruby wheat')), 'the pirate card goes under the pile');
  t.equal(allCards(kept).length, allCards(clerk).length);
});
