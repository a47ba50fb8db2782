/**
 * The property test of one map (property-mapN.test.ts call it): many seeded random and greedy games on
 * every player count, played to the end through the shared harness (legalMoves/apply agree, no mutation,
 * plain JSON, replay equal), plus Voyages' own invariants on every move. PROPERTY_GAMES sets the number
 * of games per map: a quick seeded run of 20 by default (every seat count and policy still plays), 250
 * or more for a long one.
 */
import assert from 'node:assert/strict';
import type { Test } from 'tap';
import { voyages } from '../../../src/games/voyages/index.js';
import type { MapId } from '../../../src/games/voyages/data.js';
import { commonSheet, map2Sheet } from '../../../src/games/voyages/board.js';
import { board } from '../../../src/games/voyages/maps.js';
import { scoreSheet } from '../../../src/games/voyages/score.js';
import type { VoyagesState } from '../../../src/games/voyages/types.js';
import { playGame } from '../../support/engine-harness.js';

const PER_MAP = Number(process.env.PROPERTY_GAMES ?? 20);
/** Share of the games per seat count: small games are cheap, 12-player games cover simultaneity. */
const PLANS = [
  { seats: 1, share: 0.4 },
  { seats: 2, share: 0.3 },
  { seats: 5, share: 0.2 },
  { seats: 12, share: 0.1 },
] as const;

function invariants(map: MapId, before: VoyagesState, after: VoyagesState): void {
  const b = board(map);
  const sheet = commonSheet(b);
  const cap = Object.fromEntries(sheet.starSources.map((x) => [x.source, x.max]));
  const solo = after.seats === 1;
  assert.ok(after.round >= before.round && after.round <= (solo ? sheet.soloRounds : (after.maxRounds ?? Infinity)), 'round in range');
  assert.ok(after.dice.every((d) => Number.isInteger(d) && d >= 1 && d <= 6), 'dice are d6');
  if (after.finalRound !== null) assert.ok(after.finalRound <= after.round + 1 && !solo, 'final round set after a trigger');
  after.players.forEach((s, seat) => {
    const prev = before.players[seat];
    assert.ok(prev);
    const { normal, heroic, exhausted } = s.crew;
    const traced = normal + heroic + exhausted;
    assert.ok(normal >= 0 && heroic >= 0 && exhausted >= 0, 'no negative crew');
    assert.ok(traced >= 6 && traced <= sheet.crew.capacity, `traced boxes ${traced} in range`);
    assert.ok(exhausted >= prev.crew.exhausted, 'exhausting is permanent');
    assert.ok(traced >= prev.crew.normal + prev.crew.heroic + prev.crew.exhausted, 'traced boxes stay traced');
    for (const track of s.cargo) assert.ok(track.sold >= 0 && track.sold <= track.taken && track.taken <= 6, 'cargo track in range');
    assert.equal(s.cargo.length, map === 1 ? 4 : 0, 'cargo only on map 1');
    if (map === 2) {
      const boxes = map2Sheet(b).duties.boxesPerRow;
      assert.ok(s.skills.every((n, row) => n >= 0 && n <= boxes && n >= (prev.skills[row] ?? 0)), 'skill rows in range, marks stay');
      assert.equal(new Set(s.doubled).size, s.doubled.length, 'each track doubled once');
      assert.ok(prev.doubled.every((x) => s.doubled.includes(x)), 'x2 boxes stay marked');
    }
    if (map === 3) {
      s.parts.forEach((part, i) => {
        const before = prev.parts[i];
        assert.ok(before);
        assert.equal(new Set(part.numbers).size, part.numbers.length, 'distinct numbers per row');
        assert.ok(part.numbers.length <= 6 && part.numbers.every((n) => n >= 1 && n <= 6), 'number boxes in range');
        assert.ok(part.damage >= before.damage && part.damage <= 4 + part.numbers.length, 'damage only grows, never past the traced boxes');
        assert.ok(part.numbers.length >= before.numbers.length && (!before.reinforced || part.reinforced), 'numbers and reinforcement stay');
        if (before.reinforced) assert.equal(part.damage, before.damage, 'a reinforced part takes no damage');
      });
      assert.ok(s.logbooks.every((book, i) => book.every((filled, j) => filled || !prev.logbooks[i]?.[j])), 'logbook slots stay filled');
    } else assert.equal(s.parts.length, 0, 'ship parts only on map 3');
    if (map === 4) {
      const rows = s.rows.reduce((t, r) => ({ normal: t.normal + r.normal, heroic: t.heroic + r.heroic, exhausted: t.exhausted + r.exhausted }), { normal: 0, heroic: 0, exhausted: 0 });
      assert.deepEqual(rows, s.crew, 'crew totals match the rows');
      assert.ok(s.rows.every((r, i) => r.added >= 0 && r.added <= 4 && r.added >= (prev.rows[i]?.added ?? 0) && r.normal + r.heroic + r.exhausted === 2 + r.added), 'rows in range');
      assert.ok(s.lit.length <= 8 && prev.lit.every((x) => s.lit.includes(x)) && new Set(s.lit).size === s.lit.length, 'lighthouses stay lit');
      assert.ok(s.tower.filter((c) => c === 1).length <= 4 && s.tower.every((c, i) => c >= (prev.tower[i] ?? 0)), 'watchtower marks stay');
      assert.ok(s.buildings.every((w, i) => w.length >= (prev.buildings[i]?.length ?? 0) && w.every((v) => v === w[0])), 'a building holds one value');
    } else assert.equal(s.rows.length, 0, 'crew rows only on map 4');
    assert.ok(prev.collected.every((x) => s.collected.includes(x)), 'collected spaces stay collected');
    assert.ok(s.collected.every((x) => b.feature[x] !== null || b.island[x] !== null), 'only spaces with an effect are collected');
    for (const [source, count] of Object.entries(s.stars)) assert.ok((count ?? 0) <= (cap[source] ?? 0), `star ${source} under its cap`);
    assert.ok(s.grid >= 0 && s.grid < 1 << 18, 'duty grid in range');
    assert.ok(s.grid >= 0 && (s.grid & prev.grid) === prev.grid, 'duty marks stay');
    assert.equal(new Set(s.explored).size, s.explored.length, 'regions counted once');
    assert.ok(s.explored.length <= sheet.exploration.regionCount);
    assert.equal(new Set(s.visited).size, s.visited.length, 'islands scored once');
    assert.ok(s.visited.every((x) => b.island[x]?.kind === 'numbered'));
    assert.ok(s.ship >= 0 && s.ship < b.ids.length, 'ship on the map');
    if (after.over) {
      const score = scoreSheet(b, s);
      assert.ok(Object.values(score).every((v) => v >= 0), 'no negative score');
      assert.ok((score.exploration ?? 0) <= sheet.exploration.gold[sheet.exploration.regionCount]! && (score.islands ?? 0) <= 39, 'category maxima');
    }
  });
}

export function propertyTest(t: Test, map: MapId): void {
  for (const { seats, share } of PLANS) {
    for (const policy of ['random', 'greedy'] as const) {
      const games = Math.max(1, Math.round((PER_MAP * share) / 2));
      t.test(`map ${map}, ${seats} player(s), ${policy}: ${games} complete games`, async (t) => {
        let ended = 0;
        for (let i = 0; i < games; i++) {
          const played = playGame(voyages, {
            seats,
            // Random play rarely reaches 3 stars quickly: our round limit keeps these games short.
            options: { map, maxRounds: 30 },
            seed: `prop-m${map}-${seats}-${policy}-${i}`,
            policy,
            maxMoves: 40 * 30 * seats + 100,
            deepEvery: seats >= 12 ? 53 : seats >= 5 ? 29 : 11,
            check: (before, after) => invariants(map, before as VoyagesState, after as VoyagesState),
          });
          const outcome = voyages.outcome(played.state as VoyagesState);
          assert.ok(outcome && outcome.scores.length === seats);
          assert.equal(outcome.ranking.flat().length, seats, 'every seat ranked once');
          ended++;
        }
        t.equal(ended, games, 'every game ended');
      });
    }
  }
}
