/** Final scoring (§3.7) and the outcome: highest gold wins, ties shared (§2.8); solo wins with 3 stars (§4). */
import type { Outcome } from '../../engine/types.js';
import { CARGO_KINDS } from './data.js';
import { board } from './maps.js';
import { commonSheet, map1Sheet, map2Sheet, type Board } from './board.js';
import { marauderGold, masteredSkills } from './map2.js';
import { logbookGold } from './map3.js';
import { harbourGold, lighthouseGold, towerGold } from './map4.js';
import { STARS_TO_END } from './round.js';
import { totalStars } from './effects.js';
import type { Sheet, VoyagesState } from './types.js';

export type Breakdown = Record<string, number>;

/** §3.7, §5.7, §6.9 and §7.8: the gold of one sheet by category. */
export function scoreSheet(b: Board, s: Sheet): Breakdown {
  const common = commonSheet(b);
  const islands = s.visited.reduce((sum, space) => sum + (b.island[space]?.gold ?? 0), 0);
  const exploration = common.exploration.gold[s.explored.length] ?? 0;
  const heroes = s.crew.heroic * common.heroGold;
  const stars = totalStars(s) * common.starGold;
  switch (b.map) {
    case 1:
      return { islands, exploration, cargo: cargoGold(b, s), heroes, dread: s.dreadDefeated ? map1Sheet(b).dread.gold : 0, stars };
    case 2:
      return { islands, exploration, marauders: marauderGold(b, s), heroes, skills: masteredSkills(b, s) * map2Sheet(b).duties.masteryGold, stars };
    case 3:
      return { islands, exploration, logbooks: logbookGold(b, s), heroes, stars };
    case 4:
      return { islands, exploration, lighthouses: lighthouseGold(b, s), watchtower: towerGold(b, s), heroes, harbour: harbourGold(b, s), stars };
    default: {
      const never: never = b.map;
      throw new Error(`unknown map ${String(never)}`);
    }
  }
}

/** §3.4: sold boxes at their value, 1 gold per held box. */
function cargoGold(b: Board, s: Sheet): number {
  const sheet = map1Sheet(b);
  let gold = 0;
  CARGO_KINDS.forEach((kind, i) => {
    const track = s.cargo[i];
    const values = sheet.cargo.tracks[kind] ?? [];
    if (!track) return;
    for (let box = 0; box < track.sold; box++) gold += values[box] ?? 0;
    gold += (track.taken - track.sold) * sheet.cargo.goldPerUnsold;
  });
  return gold;
}

export const total = (breakdown: Breakdown): number => Object.values(breakdown).reduce((a, b) => a + b, 0);

export function outcome(state: VoyagesState): Outcome | null {
  if (!state.over) return null;
  const b = board(state.map);
  const breakdown = state.players.map((s) => scoreSheet(b, s));
  const scores = breakdown.map(total);
  const distinct = [...new Set(scores)].sort((x, y) => y - x);
  const ranking = distinct.map((score) => scores.flatMap((s, seat) => (s === score ? [seat] : [])));
  const solo = state.seats === 1;
  const soloWin = solo && totalStars(state.players[0] as Sheet) >= STARS_TO_END;
  const winners = solo ? (soloWin ? [0] : []) : (ranking[0] ?? []);
  return { scores, breakdown, ranking, winners };
}
