/**
 * The seed's worked four-player round (rules reference GS-01) move by move, and what each seat sees
 * along the way (GS-22).
 */
import t from 'tap';
import { meuterer } from '../../../src/games/meuterer/index.js';
import { fullDeck } from '../../../src/games/meuterer/setup.js';
import type { MeutererState } from '../../../src/games/meuterer/types.js';
import type { MeutererView } from '../../../src/games/meuterer/view.js';
import { P, allCards, captainCard, cards, choose, conflict, dealt, offer, pass, play, sorted } from './helpers.js';

const BERNHARD = 0;
const STEFFI = 1;
const FLORIAN = 2;
const CARMEN = 3;

// GS-01 deal, captain first (D3); the deck then holds ruby 3, salt 1, wine 2, cloth 4, wheat 5, conflict 1.
const DECK = cards('wheat ruby cloth wheat salt wine cloth ruby wheat conflict cloth wine wheat ruby cloth wheat');
const start = (): MeutererState =>
  dealt(
    BERNHARD,
    ['conflict*2 wine*2 wheat', 'conflict*2 salt wheat cloth', 'cloth*2 wheat salt wine', 'salt*2 wine conflict ruby'],
    DECK,
  );

const view = (state: MeutererState, viewer: number | null) => meuterer.view(state, viewer) as MeutererView;

t.test('golden 1: the seed worked round, four players (GS-01)', async (t) => {
  const initial = start();
  t.same(sorted(allCards(initial)), sorted(fullDeck(false)), 'given: the deal and the deck are the 36 base cards');
  t.equal(initial.deck.length, 16);

  // Phase 1: Bernhard lays the 0/1 card with 0 up (§3.1).
  const p1 = play(initial, [[BERNHARD, captainCard(0)]]).state;
  t.equal(p1.captainCard, 0);
  t.equal(p1.phase, 'offer');
  t.same(meuterer.toMove(p1), [BERNHARD], 'the captain starts phase 2 (§3.2)');

  // Phase 2, moves 1–6.
  const m6 = play(p1, [
    [BERNHARD, offer('conflict')],
    [STEFFI, offer('conflict')],
    [FLORIAN, offer('cloth')],
    [CARMEN, offer('wine')],
    [BERNHARD, offer('wine')],
    [STEFFI, pass],
  ]).state;
  t.equal(m6.phase, 'chooseAction', 'D5: the pass and the choice are two moves');
  t.same(sorted(m6.players[STEFFI]!.kept), sorted(cards('conflict salt wheat cloth')), 'move 6: Steffi keeps fd 4');
  t.same(
    meuterer.legalMoves(m6, STEFFI).map((m) => (m.type === 'chooseAction' ? m.role : m.type)),
    ['mutineer', 'boy', 'boatswain', 'merchant', 'loadingClerk'],
    'Steffi sees the pool of 5',
  );

  const m10 = play(m6, [
    [STEFFI, choose('mutineer')],
    [FLORIAN, offer('cloth')],
    [CARMEN, offer('salt')],
    [BERNHARD, offer('wine')],
    [FLORIAN, pass],
  ]).state;
  t.same(sorted(m10.players[FLORIAN]!.kept), sorted(cards('wheat salt wine')), 'move 10: Florian keeps fd 3');
  t.same(
    meuterer.legalMoves(m10, FLORIAN).map((m) => (m.type === 'chooseAction' ? m.role : m.type)),
    ['boy', 'boatswain', 'merchant', 'loadingClerk'],
  );

  const m13 = play(m10, [
    [FLORIAN, choose('merchant')],
    [CARMEN, offer('salt')],
    [BERNHARD, pass],
  ]).state;
  t.equal(m13.captainDestination, P.GL, 'move 12: captain destination HL + 2 = Grünland');
  t.same(sorted(m13.players[BERNHARD]!.kept), sorted(cards('conflict wheat')));
  t.same(meuterer.toMove(m13), [CARMEN], 'Carmen is left alone and keeps the turn');
  const carmenPassed = play(m13, [[CARMEN, pass]]).state;
  t.same(
    meuterer.legalMoves(carmenPassed, CARMEN).map((m) => (m.type === 'chooseAction' ? m.role : m.type)),
    ['boy', 'boatswain', 'loadingClerk'],
  );
  t.same(sorted(carmenPassed.players[CARMEN]!.kept), sorted(cards('conflict ruby')));

  // Phase 3 follows Carmen's choice automatically.
  const p3 = play(carmenPassed, [[CARMEN, choose('boy')]]).state;
  t.same(
    p3.players.map((p) => p.faceUp).map(sorted),
    [cards('conflict wine wine'), cards('conflict'), cards('cloth cloth'), cards('salt salt wine')].map(sorted),
    'face up at the end of phase 2',
  );
  t.same(p3.players.map((p) => p.role), [null, 'mutineer', 'merchant', 'boy']);
  t.same(p3.pool, ['boatswain', 'loadingClerk'], 'unused cards');
  t.equal(p3.mutineerDestination, P.EF, 'Steffi fd 4: HL + 4 = Eisfelsen');
  t.equal(p3.phase, 'mutiny');
  t.same([p3.turn, ...p3.queue], [BERNHARD, STEFFI, CARMEN], 'phase 4 order skips the merchant');

  // Phase 4: 1, 1, 0. D29: 2 : 2, a tie, so the mutiny succeeds.
  const afterBernhard = play(p3, [[BERNHARD, conflict(1)]]).state;
  t.same(afterBernhard.players[BERNHARD]!.kept, ['wheat']);
  const done = play(afterBernhard, [
    [STEFFI, conflict(1)],
    [CARMEN, conflict(0)],
  ]);
  const s = done.state;
  t.ok(done.log.some((e) => e.type === 'mutiny.resolved' && e.succeeded === true && e.captainSide === 2 && e.mutineerSide === 2));

  // Phase 5: Bernhard 2, Steffi 5, Florian 4 (merchant on the three-way tie), Carmen 4 (boy 2 + sales 2).
  t.same(s.players.map((p) => p.score), [2, 5, 4, 4], 'scores after phase 5');
  t.same(s.players[STEFFI]!.breakdown, { ship: 5, boatswain: 0, boy: 0, sales: 0 }, 'the mutineer scores Eisfelsen ship VP');
  t.same(s.players[CARMEN]!.breakdown, { ship: 0, boatswain: 0, boy: 2, sales: 2 }, 'the boy scores 2');
  t.same(s.players[FLORIAN]!.breakdown.sales, 4, 'the merchant takes the top value on the three-way tie at Hochland');
  t.same(s.players[BERNHARD]!.breakdown, { ship: 0, boatswain: 0, boy: 0, sales: 2 });
  const hlSales = done.log.filter((e) => e.type === 'sales.allocated').map((e) => [e.seat, e.sales]);
  t.same(hlSales, [
    [STEFFI, []],
    [FLORIAN, [{ island: P.HL, good: 'cloth', count: 2 }]],
    [CARMEN, [{ island: P.HL, good: 'salt', count: 2 }]],
    [BERNHARD, [{ island: P.HL, good: 'wine', count: 2 }]],
  ], 'one kind per island: Carmen counts her 2 salt, not her wine');

  // Phase 6: the ship moves to Eisfelsen; Hochland stays active.
  t.equal(s.ship, P.EF);
  t.same(s.active, [P.HL, P.EF]);
  // Phase 7: 11 cards discarded.
  t.same(sorted(s.discard), sorted(cards('conflict*4 wine*3 cloth*2 salt*2')));
  // Phase 8: from the new captain Steffi: 2, 2, 3, 4; the deck goes 16 → 5.
  t.same(
    done.log.filter((e) => e.type === 'cards.drawn').map((e) => [e.seat, e.count]),
    [[STEFFI, 2], [FLORIAN, 2], [CARMEN, 3], [BERNHARD, 4]],
  );
  t.equal(s.deck.length, 5);
  t.same(s.players[STEFFI]!.hand, [...cards('salt wheat cloth'), ...DECK.slice(0, 2)]);
  t.same(s.players[FLORIAN]!.hand, [...cards('wheat salt wine'), ...DECK.slice(2, 4)]);
  t.same(s.players[CARMEN]!.hand, [...cards('conflict ruby'), ...DECK.slice(4, 7)]);
  t.same(s.players[BERNHARD]!.hand, [...cards('wheat'), ...DECK.slice(7, 11)]);
  // Phases 9–10: round 2 with captain Steffi.
  t.equal(s.round, 2);
  t.equal(s.captain, STEFFI);
  t.equal(s.phase, 'captainCard');
  t.same(meuterer.toMove(s), [STEFFI]);
  t.equal(s.captainCard, null, '§3.1: X is chosen again every round');
  t.same(meuterer.legalMoves(s, STEFFI), [captainCard(0), captainCard(1), captainCard(2), captainCard(3)]);
  t.equal(s.pool.length, 5);
  t.ok(s.players.every((p) => p.role === null && !p.passed && p.faceUp.length === 0 && p.kept.length === 0));
  t.same(sorted(allCards(s)), sorted(fullDeck(false)), 'all 36 cards accounted for');
});

t.test('golden 22: information during the worked round (GS-22)', async (t) => {
  const p1 = play(start(), [[BERNHARD, captainCard(0)]]).state;
  const m6 = play(p1, [
    [BERNHARD, offer('conflict')],
    [STEFFI, offer('conflict')],
    [FLORIAN, offer('cloth')],
    [CARMEN, offer('wine')],
    [BERNHARD, offer('wine')],
    [STEFFI, pass],
  ]);
  const afterChoice = play(m6.state, [[STEFFI, choose('mutineer')]]);
  for (const viewer of [BERNHARD, STEFFI, FLORIAN, CARMEN, null]) {
    const v = view(afterChoice.state, viewer);
    const steffi = v.players[STEFFI]!;
    t.equal(steffi.passed, true);
    t.equal(steffi.keptCount, 4, 'every view shows fd 4');
    t.equal(steffi.hasRole, true);
    t.equal(v.poolSize, 4, 'pool of 4');
    t.equal(v.pool, null, 'nobody sees the pool outside a choice');
    if (viewer !== STEFFI) {
      t.equal(steffi.role, null, `${viewer} does not see her role`);
      t.equal(steffi.kept, undefined, `${viewer} does not see her fd cards`);
    } else {
      t.equal(steffi.role, 'mutineer');
    }
  }
  // The pass is public; the choice appears to others only as "chose an action card".
  const publicEntries = afterChoice.log.filter((e) => e.visibleTo === undefined);
  t.notOk(JSON.stringify(publicEntries).includes('mutineer'), 'no public log entry names her card');
  t.same(meuterer.redactMove(m6.state, STEFFI, choose('mutineer'), BERNHARD), { type: 'chooseAction', hidden: true, text: 'chose an action card' });
  t.same(meuterer.redactMove(m6.state, STEFFI, choose('mutineer'), STEFFI), choose('mutineer'));

  const m10 = play(afterChoice.state, [
    [FLORIAN, offer('cloth')],
    [CARMEN, offer('salt')],
    [BERNHARD, offer('wine')],
    [FLORIAN, pass],
  ]).state;
  t.same(view(m10, FLORIAN).pool, ['boy', 'boatswain', 'merchant', 'loadingClerk'], 'move 10: Florian sees the pool');
  for (const viewer of [BERNHARD, STEFFI, CARMEN, null]) t.equal(view(m10, viewer).pool, null, `move 10: ${viewer} does not`);

  const m13 = play(m10, [
    [FLORIAN, choose('merchant')],
    [CARMEN, offer('salt')],
    [BERNHARD, pass],
    [CARMEN, pass],
  ]).state;
  t.same(view(m13, CARMEN).pool, ['boy', 'boatswain', 'loadingClerk'], 'move 13: Carmen sees the pool');
  t.equal(view(m13, BERNHARD).pool, null, 'before phase 3 Bernhard sees no pool contents');
  t.same(view(m13, CARMEN).players.map((p) => p.role), [null, null, null, null], 'Carmen cannot see who holds which');

  const p3 = play(m13, [[CARMEN, choose('boy')]]);
  for (const viewer of [BERNHARD, null]) {
    const v = view(p3.state, viewer);
    t.same(v.players.map((p) => p.role), [null, 'mutineer', 'merchant', 'boy'], 'phase 3: every role is public');
    t.same(v.pool, ['boatswain', 'loadingClerk'], 'phase 3: unused cards public (D19)');
  }

  const p8 = play(p3.state, [
    [BERNHARD, conflict(1)],
    [STEFFI, conflict(1)],
    [CARMEN, conflict(0)],
  ]);
  const drawn = p8.log.filter((e) => e.type === 'cards.drawn');
  t.same(drawn.map((e) => e.count), [2, 2, 3, 4], 'phase 8: counts drawn are public');
  t.ok(drawn.every((e) => e.visibleTo === undefined && !('cards' in e)));
  const privateDraws = p8.log.filter((e) => e.type === 'cards.drawn.private');
  t.same(privateDraws.map((e) => e.visibleTo), [[STEFFI], [FLORIAN], [CARMEN], [BERNHARD]], 'each drawer alone sees his cards');
  const v = view(p8.state, FLORIAN);
  t.same(v.players.map((p) => p.hand === undefined), [true, true, false, true], 'only the viewer own hand is shown');
  t.same(v.players.map((p) => p.handSize), [5, 5, 5, 5]);
});
