/** Golden scenarios 11–16: phase 5b allocation (D11) and the majority tables with the merchant rule (§3.5). */
import t from 'tap';
import type { Role } from '../../../src/games/meuterer/data.js';
import { meuterer } from '../../../src/games/meuterer/index.js';
import { allocationOptions, salesKey } from '../../../src/games/meuterer/sales.js';
import type { MeutererMove, MeutererState, Sale } from '../../../src/games/meuterer/types.js';
import { P, conflict, pass, play, snapshot, type SeatSpec } from './helpers.js';

const [A, B, C, D] = [0, 1, 2, 3] as const;

/**
 * Phase 2 about to end: every non-captain has passed with `faceUp` and a role, and the captain A
 * (nothing in hand) passes next, so his destination is the ship's island and 5b follows at once.
 */
function endOfPhase2(ship: number, active: readonly number[], faceUps: readonly string[], roles: readonly Role[]): MeutererState {
  const players: SeatSpec[] = faceUps.map((faceUp, seat) =>
    seat === A ? { faceUp } : { faceUp, role: roles[seat - 1] as Role, passed: true },
  );
  return play(snapshot({ ship, active, players }), [[A, pass]]).state;
}

const allocate = (...sales: Sale[]): MeutererMove => ({ type: 'allocateSales', sales });
const salesPoints = (s: MeutererState) => s.players.map((p) => p.breakdown.sales);

t.test('golden 11: splitting one kind over two islands, the seed wheat example (GS-11)', async (t) => {
  // The ship went HL → AI; there is no merchant.
  const given = endOfPhase2(P.AI, [P.HL, P.AI], ['wheat*4', 'wheat', 'wine', ''], ['boy', 'boatswain', 'loadingClerk']);
  t.test('a: A and B have a choice and allocate in turn; C is allocated automatically', async (t) => {
    t.equal(given.phase, 'allocate');
    t.same([given.turn, ...given.queue], [A, B], 'the allocation order is A, then B');
    t.same(given.players[C]!.sales, [{ island: P.HL, good: 'wine', count: 1 }]);
    t.same(given.players[D]!.sales, []);
    t.equal(meuterer.legalMoves(given, A).length, 5, 'A: all 4 at either island, or split 1/3, 2/2, 3/1');
    const split = play(given, [
      [A, allocate({ island: P.HL, good: 'wheat', count: 2 }, { island: P.AI, good: 'wheat', count: 2 })],
      [B, allocate({ island: P.AI, good: 'wheat', count: 1 })],
    ]).state;
    t.same(salesPoints(split), [6, 0, 0, 0], 'HL: A 2 vs C 1 scores 4; AI: A 2 vs B 1 scores 2');
    const allAtHochland = play(given, [
      [A, allocate({ island: P.HL, good: 'wheat', count: 4 })],
      [B, allocate({ island: P.AI, good: 'wheat', count: 1 })],
    ]).state;
    t.same(salesPoints(allAtHochland), [4, 2, 0, 0], 'contrast: B takes Affeninsel alone');
  });
  t.test('an allocation outside D11 is refused', async (t) => {
    for (const bad of [
      allocate({ island: P.HL, good: 'wheat', count: 3 }),
      allocate({ island: P.HL, good: 'wheat', count: 4 }, { island: P.AI, good: 'wheat', count: 1 }),
      allocate({ island: P.KK, good: 'wheat', count: 4 }),
      allocate(),
    ]) {
      const r = meuterer.apply(given, A, bad);
      t.same(r.ok ? 'accepted' : r.error.code, 'INVALID_ALLOCATION', JSON.stringify(bad));
    }
  });
  t.test('b: enumeration with Piratennest and Hochland active, wine 3 and cloth 2', async (t) => {
    const pnHl = snapshot({ ship: P.HL, active: [P.PN, P.HL], players: [{ faceUp: 'wine*3 cloth*2' }, {}, {}] });
    const keys = allocationOptions(pnHl, A).map((o) => salesKey(pnHl, o)).sort();
    const expected = [
      [{ island: P.PN, good: 'wine', count: 3 }, { island: P.HL, good: 'cloth', count: 2 }],
      [{ island: P.PN, good: 'cloth', count: 2 }, { island: P.HL, good: 'wine', count: 3 }],
      [{ island: P.PN, good: 'wine', count: 1 }, { island: P.HL, good: 'wine', count: 2 }],
      [{ island: P.PN, good: 'wine', count: 2 }, { island: P.HL, good: 'wine', count: 1 }],
      [{ island: P.PN, good: 'cloth', count: 1 }, { island: P.HL, good: 'cloth', count: 1 }],
    ] as Sale[][];
    t.same(keys, expected.map((o) => salesKey(pnHl, o)).sort(), 'exactly these 5; wine 3 at PN alone is invalid');
  });
});

t.test('golden 12: the allocation order starts with the captain (GS-12, D10)', async (t) => {
  const given = endOfPhase2(P.GL, [P.HL, P.GL], ['salt*2', 'salt*2', 'cloth', ''], ['boy', 'boatswain', 'loadingClerk']);
  t.same([given.turn, ...given.queue], [A, B]);
  t.same(given.players[C]!.sales, [{ island: P.HL, good: 'cloth', count: 1 }]);
  const afterA = play(given, [[A, allocate({ island: P.GL, good: 'salt', count: 2 })]]).state;
  t.same(afterA.players[A]!.sales, [{ island: P.GL, good: 'salt', count: 2 }], 'B sees A allocation');
  const end = play(afterA, [[B, allocate({ island: P.HL, good: 'salt', count: 2 })]]).state;
  t.same(salesPoints(end), [5, 4, 0, 0]);
  const contrast = play(afterA, [[B, allocate({ island: P.GL, good: 'salt', count: 2 })]]).state;
  t.same(salesPoints(contrast), [3, 3, 4, 0], 'contrast: a 2-tie at GL and C alone at HL');

  // D10: after a successful mutiny B is captain and allocates first.
  const mutiny = endOfPhase2(P.GL, [P.HL, P.GL], ['salt*2', 'salt*2', 'cloth', ''], ['mutineer', 'boy', 'loadingClerk']);
  const afterMutiny = play(mutiny, [[A, conflict(0)], [B, conflict(0)], [C, conflict(0)]]).state;
  t.equal(afterMutiny.captain, B, '0 : 0 is a tie, so the mutiny succeeds');
  t.same([afterMutiny.turn, ...afterMutiny.queue], [B, A]);
});

t.test('golden 13: the merchant ties at both islands (GS-13)', async (t) => {
  const end = endOfPhase2(P.EF, [P.GL, P.EF], ['salt', 'salt ruby', 'ruby', 'salt'], ['merchant', 'boy', 'boatswain']);
  t.equal(end.round, 2, 'nobody had a choice, so the round ended');
  t.same(salesPoints(end), [2, 11, 4, 2], 'GL 3-tie: B 5, A and D 2; EF 2-tie: B 6, C 4');
});

t.test('golden 14: a four-way tie scores nothing, the merchant included (GS-14, D13)', async (t) => {
  const end = endOfPhase2(P.HL, [P.HL], ['wine', 'cloth', 'salt', 'wheat'], ['merchant', 'boy', 'boatswain']);
  t.same(salesPoints(end), [0, 0, 0, 0]);
});

t.test('golden 15: one kind per island; non-goods; unsellable goods (GS-15)', async (t) => {
  const a = endOfPhase2(P.HL, [P.HL], ['wine*2 cloth*2', 'ruby*2', 'conflict*3', 'salt'], ['boy', 'boatswain', 'loadingClerk']);
  t.same(a.players.map((p) => p.breakdown.sales), [3, 3, 0, 0], 'a: A counts 2, not 4; conflict cards count 0');
  const b = endOfPhase2(P.GL, [P.GL], ['ruby*2', 'salt', 'salt'], ['boy', 'boatswain']);
  t.same(salesPoints(b), [0, 3, 3], 'b: rubies do not sell at Grünland');
  t.same(b.discard.filter((c) => c === 'ruby').length, 2, 'the rubies are discarded in phase 7');
});

t.test('golden 16: a zero 3-tie value; the merchant variant (GS-16)', async (t) => {
  const a = endOfPhase2(P.FI, [P.FI], ['ruby', 'ruby', 'ruby'], ['boy', 'boatswain']);
  t.same(salesPoints(a), [0, 0, 0], 'a: Fingerhut 3-tie is 0');
  const b = endOfPhase2(P.FI, [P.FI], ['ruby', 'ruby', 'ruby'], ['merchant', 'boy']);
  t.same(salesPoints(b), [0, 2, 0], 'b: the merchant takes the sole value');
});
