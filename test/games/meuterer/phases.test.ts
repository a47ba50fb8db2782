/** Golden scenarios 2–10 of the rules reference: destinations, the mutiny and the role scores (§3.2–3.5). */
import t from 'tap';
import { meuterer } from '../../../src/games/meuterer/index.js';
import type { MeutererView } from '../../../src/games/meuterer/view.js';
import { P, captainCard, cards, choose, conflict, dealt, offer, pass, play, poolChoices, rest, scores, snapshot, sorted } from './helpers.js';

const [A, B, C, D] = [0, 1, 2, 3] as const;

t.test('golden 2: destinations and forced passes (GS-02, §3.2 pass rules, D6)', async (t) => {
  t.test('a: the captain passes on his first turn with the ship on Hochland: fd 5, Affeninsel', async (t) => {
    const hands = ['wine*5', 'salt*5', 'cloth*5', 'wheat*5'];
    const s = play(dealt(A, hands, rest(hands)), [[A, captainCard(0)], [A, pass]]).state;
    t.equal(s.captainDestination, P.AI);
    t.equal(s.players[A]!.kept.length, 5);
  });

  t.test('b: ship on Sandkap, the captain passes with 3 cards: wraps past Hochland to Grünland', async (t) => {
    const s = snapshot({ ship: P.SK, players: [{ hand: 'wine salt cloth' }, {}, {}, {}] });
    t.equal(play(s, [[A, pass]]).state.captainDestination, P.GL);
  });

  t.test('c: the captain has offered all 5 cards: pass is the only move, destination the ship island', async (t) => {
    const s = snapshot({ ship: P.EF, active: [P.HL, P.EF], players: [{ faceUp: 'wine*5' }, {}, {}, {}] });
    t.same(meuterer.legalMoves(s, A), [pass]);
    const refused = meuterer.apply(s, A, offer('wine'));
    t.same(refused.ok ? null : refused.error.code, 'CARD_NOT_IN_HAND');
    t.equal(play(s, [[A, pass]]).state.captainDestination, P.EF);
  });

  t.test('d: a non-captain with an empty hand must pass, then choose; as mutineer his destination is the ship island', async (t) => {
    const s = snapshot({
      turn: D,
      captainDestination: P.FH,
      players: [
        { kept: 'wine', passed: true },
        { kept: 'salt', passed: true, role: 'merchant' },
        { kept: 'cloth', passed: true, role: 'boy' },
        { faceUp: 'wheat*5' },
      ],
    });
    t.same(meuterer.legalMoves(s, D), [pass]);
    const passed = play(s, [[D, pass]]).state;
    t.equal(passed.phase, 'chooseAction');
    t.same(meuterer.toMove(passed), [D], 'nobody else may act until he chooses (D5)');
    t.same(poolChoices(passed, D), ['mutineer', 'boatswain', 'loadingClerk']);
    const revealed = play(passed, [[D, choose('mutineer')]]).state;
    t.equal(revealed.mutineerDestination, P.HL);
    t.equal(revealed.phase, 'mutiny');
  });
});

t.test('golden 3: no mutineer; the boatswain is paid; the captain goes negative; a loading clerk with a full hand (GS-03)', async (t) => {
  const hands = ['conflict*2 wine*2 wheat', 'conflict salt*2 ruby cloth', 'conflict*2 wheat*2 cloth', 'conflict cloth wine ruby salt'];
  const start = dealt(A, hands, rest(hands));
  const phase2 = play(start, [
    [A, captainCard(3)],
    [A, pass],
    [B, pass],
    [B, choose('boatswain')],
    [C, pass],
  ]).state;
  t.equal(phase2.captainDestination, P.AI, 'fd 5: Affeninsel');
  t.same(poolChoices(phase2, C), ['mutineer', 'boy', 'merchant', 'loadingClerk']);
  const atD = play(phase2, [[C, choose('merchant')], [D, pass]]).state;
  t.same(poolChoices(atD, D), ['mutineer', 'boy', 'loadingClerk']);
  const { state: s, log } = play(atD, [[D, choose('loadingClerk')]]);
  t.equal(s.mutineerDestination, null, 'no mutineer destination');
  t.notOk(log.some((e) => e.type.startsWith('mutiny')), 'phase 4 is skipped');
  t.same(scores(s), [-1, 4, 0, 0], '5a: A scores 2 − 3, B scores 1 + 3');
  t.same(s.players[A]!.breakdown, { ship: 2, boatswain: -3, boy: 0, sales: 0 });
  t.equal(s.ship, P.AI);
  t.same(s.active, [P.HL, P.AI]);
  // Phase 8: A, B and C draw 0; D, the loading clerk with h = 5, draws 3 and must keep 0.
  t.equal(s.phase, 'loadingClerk');
  t.same(meuterer.toMove(s), [D]);
  t.equal(s.discard.length, 0, 'phase 7 left the discard pile empty');
  t.equal(s.clerkDrawn.length, 3);
  t.equal(s.deck.length, 13);
  t.same(meuterer.legalMoves(s, D), [{ type: 'keepCards', cards: [] }]);
  const drawn = s.clerkDrawn;
  const next = play(s, [[D, { type: 'keepCards', cards: [] }]]).state;
  t.same(next.discard, drawn, 'the 3 rejects start a new discard pile');
  t.equal(next.deck.length, 13);
  t.equal(next.round, 2);
  const seenByA = meuterer.view(next, A) as MeutererView;
  t.equal(seenByA.discardSize, 3);
  t.notOk('discard' in seenByA, 'only D knows the pile (D15)');
});

t.test('golden 4: the mutiny is crushed with the boatswain +1 (GS-04)', async (t) => {
  const hands = ['conflict*2 wine*2 wheat', 'conflict salt*2 ruby cloth', 'conflict*2 wheat*2 cloth', 'conflict cloth wine ruby salt'];
  const start = dealt(A, hands, rest(hands));
  const p3 = play(start, [
    [A, captainCard(1)],
    [A, offer('wine')],
    [B, offer('salt')],
    [C, offer('wheat')],
    [D, offer('cloth')],
    [A, offer('wine')],
    [B, pass],
    [B, choose('mutineer')],
    [C, pass],
    [C, choose('boatswain')],
    [D, pass],
  ]).state;
  t.same(poolChoices(p3, D), ['boy', 'merchant', 'loadingClerk']);
  const m = play(p3, [[D, choose('boy')], [A, pass]]).state;
  t.equal(m.captainDestination, P.KZ, 'HL + 3 = Karge Zunge');
  t.equal(m.mutineerDestination, P.EF, 'HL + 4 = Eisfelsen');
  t.same([m.turn, ...m.queue], [A, B, C, D]);
  const { state: s, log } = play(m, [[A, conflict(1)], [B, conflict(1)], [C, conflict(1)], [D, conflict(1)]]);
  t.ok(log.some((e) => e.type === 'mutiny.resolved' && e.succeeded === false && e.captainSide === 3 && e.mutineerSide === 2), '3 : 2, the mutiny fails');
  t.same(scores(s), [7, 0, 2, 0]);
  t.same(s.players[A]!.breakdown, { ship: 4, boatswain: -1, boy: 0, sales: 4 });
  t.same(s.players[C]!.breakdown, { ship: 0, boatswain: 2, boy: 0, sales: 0 });
  t.equal(s.ship, P.KZ);
  t.same(s.active, [P.HL, P.KZ]);
  t.equal(s.discard.length, 9, 'phase 7 discards 9 cards');
  t.same(log.filter((e) => e.type === 'cards.drawn').map((e) => e.count), [3, 2, 2, 2]);
  t.equal(s.deck.length, 7);
  t.equal(s.captain, A);
});

t.test('golden 5: three players; a tie beats captain + boatswain (GS-05)', async (t) => {
  const hands = ['conflict wine*3 salt', 'conflict*2 cloth wheat*2', 'conflict ruby*2 salt wheat'];
  const start = dealt(A, hands, rest(hands));
  t.equal(start.deck.length, 21);
  t.equal(start.rounds, 9);
  const m = play(start, [
    [A, captainCard(0)],
    [A, offer('wine')],
    [B, offer('wheat')],
    [C, offer('ruby')],
    [A, offer('wine')],
    [B, pass],
    [B, choose('mutineer')],
    [C, pass],
    [C, choose('boatswain')],
    [A, offer('wine')],
    [A, pass],
  ]).state;
  t.equal(m.captainDestination, P.GL);
  t.equal(m.mutineerDestination, P.EF);
  t.same(m.pool, ['boy', 'merchant', 'loadingClerk'], 'three cards unused (D16)');
  t.same([m.turn, ...m.queue], [A, B, C]);

  const tie = play(m, [[A, conflict(1)], [B, conflict(2)], [C, conflict(0)]]);
  t.ok(tie.log.some((e) => e.type === 'mutiny.resolved' && e.succeeded === true && e.captainSide === 2 && e.mutineerSide === 2));
  t.same(scores(tie.state), [4, 5, 0]);
  t.equal(tie.state.captain, B);
  t.same(tie.log.filter((e) => e.type === 'cards.drawn').map((e) => [e.seat, e.count]), [[B, 3], [C, 1], [A, 4]], 'phase 8 from B');
  t.equal(tie.state.deck.length, 13);

  const contrast = play(m, [[A, conflict(1)], [B, conflict(2)], [C, conflict(1)]]);
  t.same(scores(contrast.state), [8, 0, 1], 'contrast: 3 : 2 fails; A scores Grünland 4 and sells 4, C scores 1');
  t.equal(contrast.state.captain, A);
});

t.test('golden 6: phase-2 conflict cards count for the captain (D29); the loading clerk refills (GS-06)', async (t) => {
  const hands = ['conflict*2 cloth*3', 'wine*2 salt wheat ruby', 'wheat*3 salt ruby', 'cloth wine salt ruby wheat'];
  const start = dealt(A, hands, rest(hands));
  const beforeC = play(start, [
    [A, captainCard(2)],
    [A, offer('conflict')],
    [B, pass],
    [B, choose('mutineer')],
    [C, offer('wheat')],
    [D, offer('ruby')],
    [A, offer('conflict')],
    [C, offer('wheat')],
    [D, pass],
    [D, choose('merchant')],
    [A, offer('cloth')],
    [C, pass],
  ]).state;
  t.same(sorted(beforeC.players[D]!.kept), sorted(cards('cloth wine salt wheat')));
  t.same(poolChoices(beforeC, C), ['boy', 'boatswain', 'loadingClerk']);
  const m = play(beforeC, [[C, choose('loadingClerk')], [A, pass]]).state;
  t.equal(m.captainDestination, P.GL);
  t.equal(m.mutineerDestination, P.AI, 'B fd 5: HL + 5 = Affeninsel');
  t.same([m.turn, ...m.queue], [A, B], 'only A and B take part');
  t.same(meuterer.legalMoves(m, A), [conflict(0)], 'A has no conflict card kept but must submit 0 (D6)');
  const { state: s, log } = play(m, [[A, conflict(0)], [B, conflict(0)]]);
  t.ok(log.some((e) => e.type === 'mutiny.resolved' && e.succeeded === false && e.captainSide === 2 && e.mutineerSide === 0));
  t.same(scores(s), [4, 0, 4, 0]);
  t.equal(s.ship, P.GL);
  t.same(s.active, [P.HL, P.GL]);
  // Phase 8 from A: A draws 3, B 0, then C (h = 3) draws 5 and chooses.
  t.equal(s.phase, 'loadingClerk');
  t.same(log.filter((e) => e.type === 'cards.drawn').map((e) => [e.seat, e.count]), [[A, 3], [C, 5]]);
  t.equal(s.discard.length, 6, 'phase 7 discarded 6 cards');
  const keep = s.clerkDrawn.slice(0, 2);
  const after = play(s, [[C, { type: 'keepCards', cards: keep }]]);
  t.equal(after.state.discard.length, 9, 'three rejects go under the pile');
  t.same(after.state.discard.slice(0, 3), s.clerkDrawn.slice(2), 'under the pile, i.e. at its bottom');
  t.same(after.log.filter((e) => e.type === 'cards.drawn').map((e) => [e.seat, e.count]), [[D, 1]]);
  t.equal(after.state.deck.length, 7);
  t.same(after.state.players.map((p) => p.hand.length), [5, 5, 5, 5]);
});

// Snapshots below: everyone but the captain (seat 0) has passed; the captain's pass ends phase 2.
t.test('golden 7: the merchant is skipped in the mutiny and not counted; below the top he scores 0 (GS-07)', async (t) => {
  const s = snapshot({
    x: 1,
    players: [
      { hand: 'conflict salt', faceUp: 'wine wine cloth' },
      { kept: 'conflict conflict wheat', faceUp: 'conflict salt', role: 'merchant', passed: true },
      { kept: 'conflict', faceUp: 'cloth cloth wine ruby', role: 'boy', passed: true },
      { kept: 'conflict wine wine', faceUp: 'wheat wheat', role: 'mutineer', passed: true },
    ],
  });
  const m = play(s, [[A, pass]]).state;
  t.equal(m.captainDestination, P.GL);
  t.equal(m.mutineerDestination, P.KZ);
  t.same([m.turn, ...m.queue], [A, C, D], 'the merchant B never moves');
  t.same(meuterer.legalMoves(m, B), []);
  const { state: end, log } = play(m, [[A, conflict(1)], [C, conflict(0)], [D, conflict(0)]]);
  t.ok(log.some((e) => e.type === 'mutiny.resolved' && e.succeeded === false && e.captainSide === 1 && e.mutineerSide === 0));
  t.same(scores(end), [6, 0, 2, 2]);
  t.same(end.players.map((p) => p.breakdown.sales), [2, 0, 2, 2]);
});

t.test('golden 8: the mutineer destination is fixed in phase 3 (GS-08, §3.3)', async (t) => {
  const s = snapshot({
    ship: P.GL,
    active: [P.GL],
    players: [
      { hand: 'wine' },
      { kept: 'cloth', role: 'merchant', passed: true },
      { kept: 'wheat', role: 'boy', passed: true },
      { kept: 'conflict conflict salt', role: 'mutineer', passed: true },
    ],
  });
  const m = play(s, [[A, pass]]).state;
  t.equal(m.mutineerDestination, P.AI, '2 + 3 = Affeninsel');
  const afterD = play(m, [[A, conflict(0)], [C, conflict(0)]]).state;
  t.equal(afterD.turn, D);
  const { state: end, log } = play(afterD, [[D, conflict(2)]]);
  t.equal(end.players[D]!.breakdown.ship, 2, 'D scores Affeninsel, not the island of his later fd count');
  t.equal(end.ship, P.AI);
  t.same(end.active, [P.GL, P.AI]);
  t.ok(log.some((e) => e.type === 'cards.drawn' && e.seat === D && e.count === 4), 'phase 8: D draws 4');
});

t.test('golden 9: captain and mutineer share a destination (GS-09)', async (t) => {
  const s = snapshot({
    x: 2,
    players: [
      { hand: 'conflict wine wine wine' },
      { kept: 'conflict salt salt salt', role: 'mutineer', passed: true },
      { kept: '', role: 'boatswain', passed: true },
      { kept: 'cloth', role: 'merchant', passed: true },
    ],
  });
  const m = play(s, [[A, pass]]).state;
  t.equal(m.captainDestination, P.EF);
  t.equal(m.mutineerDestination, P.EF);
  const succeeded = play(m, [[A, conflict(0)], [B, conflict(1)], [C, conflict(0)]]).state;
  t.same(scores(succeeded), [0, 5, 0, 0], 'a: the mutineer scores 5; the boatswain 0');
  t.equal(succeeded.captain, B);
  const failed = play(m, [[A, conflict(1)], [B, conflict(1)], [C, conflict(0)]]).state;
  t.same(scores(failed), [3, 0, 3, 0], 'b: the captain scores 5 − 2; the boatswain 3');
  for (const end of [succeeded, failed]) {
    t.equal(end.ship, P.EF);
    t.same(end.active, [P.HL, P.EF]);
  }
});

t.test('golden 10: no mutineer; the ship boy gets nothing; X = 0 (GS-10)', async (t) => {
  const s = snapshot({
    x: 0,
    players: [
      { hand: 'wine' },
      { kept: 'cloth', role: 'boy', passed: true },
      { kept: 'salt', role: 'boatswain', passed: true },
      { kept: 'wheat', role: 'merchant', passed: true },
    ],
  });
  const { state: end, log } = play(s, [[A, pass]]);
  t.equal(end.players[A]!.breakdown.ship, 3, 'Frosthöhle');
  t.same(scores(end), [3, 0, 1, 0]);
  t.notOk(log.some((e) => e.type.startsWith('mutiny')), 'phase 4 is skipped');
});
