/** Final scoring (§3.7) and the outcome: highest gold wins, ties shared (§2.8); solo wins with 3 stars (§4). */
import type { Outcome } from '../../engine/types.js';
import { CARGO_KINDS } from './data.js';
import { board, map1Sheet, type Board } from './maps.js';
import { STARS_TO_END } from './round.js';
import { totalStars } from './rules.js';
import type { Sheet, VoyagesState } from './types.js';

export type Breakdown = Record<string, number>;

/** §3.7: islands, exploration, cargo, heroes, Dread, stars. */
export function scoreSheet(b: Board, s: Sheet): Breakdown {
  const sheet = map1Sheet(b);
  const islands = s.visited.reduce((sum, space) => sum + (b.island[space]?.gold ?? 0), 0);
  const exploration = sheet.exploration.gold[s.explored.length] ?? 0;
  let cargo = 0;
  CARGO_KINDS.forEach((kind, i) => {
    const track = s.cargo[i];
    const values = sheet.cargo.tracks[kind] ?? [];
    if (!track) return;
    for (let box = 0; box < track.sold; box++) cargo += values[box] ?? 0;
    cargo += (track.taken - track.sold) * sheet.cargo.goldPerUnsold;
  });
  return {
    islands,
    exploration,
    cargo,
    heroes: s.crew.heroic * sheet.heroGold,
    dread: s.dreadDefeated ? sheet.dread.gold : 0,
    stars: totalStars(s) * sheet.starGold,
  };
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
