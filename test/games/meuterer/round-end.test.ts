/** Golden scenarios 17–21: moving the ship, the refill with reshuffle and loading clerk, three players, game end. */
import t from 'tap';
import type { LogEntry } from '../../../src/engine/types.js';
import { meuterer } from '../../../src/games/meuterer/index.js';
import type { MeutererState } from '../../../src/games/meuterer/types.js';
import { P, afterRoundEnd, allCards, cards, choose, pass, play, poolChoices, rest, snapshot, scores, sorted, type SeatSpec } from './helpers.js';

const [A, B, C, D] = [0, 1, 2, 3] as const;

t.test('golden 17: ship movement and island activation (GS-17, §3.6)', async (t) => {
  const players = (captainHand: string): SeatSpec[] => [
    { hand: captainHand },
    { kept: 'wine', role: 'boy', passed: true },
    { kept: 'wine', role: 'boatswain', passed: true },
    { kept: 'wine', role: 'merchant', passed: true },
  ];
  const stays = play(snapshot({ x: 1, ship: P.EF, active: [P.HL, P.EF], players: players('') }), [[A, pass]]).state;
  t.same(stays.players[A]!.breakdown, { ship: 5, boatswain: -1, boy: 0, sales: 0 }, 'a: Eisfelsen ship VP 5, minus X');
  t.equal(stays.ship, P.EF);
  t.same(stays.active, [P.EF], 'a: Hochland goes dark, only Eisfelsen is active');
  const moves = play(snapshot({ ship: P.EF, active: [P.HL, P.EF], players: players('wheat salt') }), [[A, pass]]).state;
  t.equal(moves.ship, P.KK);
  t.same(moves.active, [P.EF, P.KK], 'b: Eisfelsen stays light, Kalte Klippe lights up');
});

/** A state right before phase 6 with nothing face up and the captain's destination the ship's island. */
function afterPhase5(spec: Parameters<typeof snapshot>[0]): MeutererState {
  const s = snapshot({ ...spec, phase: 'allocate' });
  return { ...s, captainDestination: s.ship };
}

const drawCounts = (log: readonly LogEntry[]) => log.filter((e) => e.type === 'cards.drawn').map((e) => [e.seat, e.count]);

t.test('golden 18: reshuffle during the refill only when a draw needs it (GS-18, D14)', async (t) => {
  t.test('a: A draws 1, the 22 discards become the deck, A draws 2 more', async (t) => {
    const hands = ['wine wine', 'salt salt salt', 'cloth cloth cloth', 'wheat*5'];
    const leftover = rest(hands);
    const s = afterPhase5({ deck: leftover.slice(0, 1), discard: leftover.slice(1), players: hands.map((hand) => ({ hand })) });
    t.equal(s.discard.length, 22);
    const log: LogEntry[] = [];
    const end = afterRoundEnd(s, log);
    t.same(drawCounts(log), [[A, 3], [B, 2], [C, 2]]);
    t.same(log.filter((e) => e.type === 'deck.reshuffled').map((e) => e.size), [22], 'one reshuffle of 22, in the middle of A draw');
    t.equal(end.deck.length, 16);
    t.equal(end.discard.length, 0);
    t.same(sorted(allCards(end)), sorted(allCards(s)), 'no card lost');
  });
  t.test('b: with D as loading clerk (h = 5): D draws 3, keeps 0, the 3 go under the empty pile', async (t) => {
    const hands = ['wine wine', 'salt salt salt', 'cloth cloth cloth', 'wheat*5'];
    const leftover = rest(hands);
    const s = afterPhase5({
      deck: leftover.slice(0, 1),
      discard: leftover.slice(1),
      players: hands.map((hand, seat) => (seat === D ? { hand, role: 'loadingClerk' } : { hand })),
    });
    const log: LogEntry[] = [];
    const paused = afterRoundEnd(s, log);
    t.equal(paused.phase, 'loadingClerk');
    t.equal(paused.deck.length, 13);
    const end = play(paused, [[D, { type: 'keepCards', cards: [] }]]).state;
    t.equal(end.deck.length, 13);
    t.equal(end.discard.length, 3);
  });
  t.test('c: the loading clerk empties the deck; the next draw shuffles all 18, his rejects included', async (t) => {
    const hands = ['wheat*5', 'salt*3', 'cloth*5', 'wine*5'];
    const leftover = rest(hands);
    const s = afterPhase5({
      captain: D,
      deck: leftover.slice(0, 3),
      discard: leftover.slice(3),
      players: hands.map((hand, seat) => (seat === A ? { hand, role: 'loadingClerk' } : { hand })),
    });
    t.equal(s.discard.length, 15);
    const log: LogEntry[] = [];
    const paused = afterRoundEnd(s, log);
    t.equal(paused.turn, A, 'order D, A, B, C: D draws 0, A draws 3');
    t.equal(paused.deck.length, 0);
    const { state: end, log: after } = play(paused, [[A, { type: 'keepCards', cards: [] }]]);
    t.same(after.filter((e) => e.type === 'deck.reshuffled').map((e) => e.size), [18]);
    t.same(drawCounts(after), [[B, 2]], 'B draws 2, C draws 0');
    t.equal(end.deck.length, 16);
    t.equal(end.discard.length, 0);
  });
});

t.test('golden 19: the loading clerk chooses only among the drawn cards (GS-19, §3.8)', async (t) => {
  const FLORIAN = C;
  const top = cards('ruby cloth cloth wheat conflict');
  const s = afterPhase5({
    deck: [...top, ...cards('wine*4')],
    players: [{ hand: 'salt*5' }, { hand: 'salt*5' }, { hand: 'wheat salt wine', role: 'loadingClerk' }, { hand: 'cloth*5' }],
  });
  const paused = afterRoundEnd(s, []);
  t.equal(paused.turn, FLORIAN);
  t.same(paused.clerkDrawn, top, 'he draws 5');
  const keeps = meuterer.legalMoves(paused, FLORIAN).map((m) => (m.type === 'keepCards' ? sorted(m.cards).join('+') : ''));
  t.same(keeps.sort(), ['cloth+cloth', 'cloth+conflict', 'cloth+ruby', 'cloth+wheat', 'conflict+ruby', 'conflict+wheat', 'ruby+wheat'], 'any 2 of the 5');
  const swap = meuterer.apply(paused, FLORIAN, { type: 'keepCards', cards: ['salt', 'ruby'] });
  t.same(swap.ok ? null : swap.error.code, 'INVALID_KEEP', 'his own salt cannot be exchanged');
  const tooMany = meuterer.apply(paused, FLORIAN, { type: 'keepCards', cards: ['ruby', 'conflict', 'cloth'] });
  t.same(tooMany.ok ? null : tooMany.error.code, 'INVALID_KEEP');
  const end = play(paused, [[FLORIAN, { type: 'keepCards', cards: ['ruby', 'conflict'] }]]).state;
  t.same(sorted(end.players[FLORIAN]!.hand), sorted(cards('wheat salt wine ruby conflict')));
  t.same(sorted(end.discard), sorted(cards('cloth cloth wheat')), 'the rest go under the discard pile');
});

t.test('golden 20: three players; the action pool; no mutiny (GS-20, D16)', async (t) => {
  const hands = ['wine*5', 'salt*5', 'cloth*5'];
  const s = snapshot({ seats: 3, turn: B, players: [{ hand: 'wine*5' }, { hand: 'salt*5' }, { hand: 'cloth*5' }], deck: rest(hands) });
  const afterB = play(s, [[B, pass]]).state;
  t.same(poolChoices(afterB, B), ['mutineer', 'boy', 'boatswain', 'merchant', 'loadingClerk'], 'B sees 5');
  const afterC = play(afterB, [[B, choose('merchant')], [C, pass]]).state;
  t.same(poolChoices(afterC, C), ['mutineer', 'boy', 'boatswain', 'loadingClerk']);
  const { state: end, log } = play(afterC, [[C, choose('boy')], [A, pass]]);
  t.notOk(log.some((e) => e.type.startsWith('mutiny')), 'phase 4 is skipped');
  t.same(log.find((e) => e.type === 'actions.revealed')?.unused, ['mutineer', 'boatswain', 'loadingClerk'], 'three unused cards');
  t.same(end.players[A]!.breakdown, { ship: 2, boatswain: 0, boy: 0, sales: 0 }, 'the captain scores Affeninsel (fd 5) in full: no boatswain');
  t.same(scores(end), [2, 0, 0], 'the boy C scores 0');
  t.equal(end.rounds, 9, 'three players play 9 rounds');
});

t.test('golden 21: game end after phase 5 of the last round and a shared victory (GS-21, D17)', async (t) => {
  const lastRound = (seats: 3 | 4) =>
    snapshot({
      seats,
      round: seats === 4 ? 8 : 9,
      players: [
        { hand: 'wine', score: 20 },
        { kept: 'salt', role: 'boy', passed: true, score: 23 },
        { kept: 'salt', role: 'merchant', passed: true, score: 19 },
        ...(seats === 4 ? [{ kept: 'salt', role: 'loadingClerk' as const, passed: true, score: -1 }] : []),
      ],
    });
  const end = play(lastRound(4), [[A, pass]]).state;
  t.equal(end.phase, 'gameOver');
  t.same(meuterer.toMove(end), []);
  t.same(meuterer.outcome(end), {
    scores: [23, 23, 19, -1],
    breakdown: [
      { ship: 3, boatswain: 0, boy: 0, sales: 20 },
      { ship: 0, boatswain: 0, boy: 0, sales: 23 },
      { ship: 0, boatswain: 0, boy: 0, sales: 19 },
      { ship: 0, boatswain: 0, boy: 0, sales: -1 },
    ],
    ranking: [[A, B], [C], [D]],
    winners: [A, B],
  });
  t.equal(end.ship, P.HL, 'phases 6–10 are not played: the ship did not sail to Frosthöhle');
  t.same(end.players[A]!.kept, ['wine'], 'nor were kept cards returned');
  const over = meuterer.apply(end, A, { type: 'setCaptainCard', value: 0 });
  t.same(over.ok ? null : over.error.code, 'GAME_OVER');
  t.same(meuterer.legalMoves(end, A), []);

  const three = play(lastRound(3), [[A, pass]]).state;
  t.equal(three.phase, 'gameOver', 'three players: after phase 5 of round 9');
  t.same(meuterer.outcome(three)?.winners, [A, B]);
  const notYet = play({ ...lastRound(3), round: 8 }, [[A, pass]]).state;
  t.equal(notYet.round, 9, 'round 8 of 9 goes on');
  t.equal(meuterer.outcome(notYet), null);
});
