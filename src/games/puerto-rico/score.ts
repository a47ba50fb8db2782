/** Final scoring (§4): SCO-1 chips + printed VP + occupied large-building bonuses, SCO-3 tie-break. */
import type { Outcome, Seat } from '../../engine/types.js';
import { BUILDING_DATA, type Building } from './data.js';
import { colonistsOf, goodsHeld, isOccupied } from './rules.js';
import type { PlayerState, PuertoRicoState } from './types.js';

export const LARGE_BONUSES = ['guildHall', 'residence', 'fortress', 'customsHouse', 'cityHall'] as const satisfies readonly Building[];
export type LargeBonus = (typeof LARGE_BONUSES)[number];

/** SCO-2: a large building's end bonus, before the occupancy check. */
export function largeBonus(player: PlayerState, building: LargeBonus): number {
  switch (building) {
    case 'guildHall': {
      let bonus = 0;
      for (const b of player.city) {
        const kind = BUILDING_DATA[b.building].kind;
        bonus += kind === 'smallProduction' ? 1 : kind === 'largeProduction' ? 2 : 0;
      }
      return bonus;
    }
    case 'residence':
      return Math.max(4, player.island.length - 5);
    case 'fortress':
      return Math.floor(colonistsOf(player) / 3);
    case 'customsHouse':
      return Math.floor(player.vp / 4);
    case 'cityHall':
      return player.city.filter((b) => {
        const kind = BUILDING_DATA[b.building].kind;
        return kind === 'violet' || kind === 'large';
      }).length;
  }
}

export type Breakdown = Record<'chips' | 'buildings' | LargeBonus | 'total' | 'tieBreak', number>;

export function scoreBreakdown(player: PlayerState): Breakdown {
  let buildings = 0;
  for (const b of player.city) buildings += BUILDING_DATA[b.building].vp;
  const bonus = (building: LargeBonus) => (isOccupied(player, building) ? largeBonus(player, building) : 0);
  const breakdown: Breakdown = {
    chips: player.vp,
    buildings,
    guildHall: bonus('guildHall'),
    residence: bonus('residence'),
    fortress: bonus('fortress'),
    customsHouse: bonus('customsHouse'),
    cityHall: bonus('cityHall'),
    total: 0,
    // SCO-3: doubloons plus every good still held.
    tieBreak: player.doubloons + goodsHeld(player),
  };
  breakdown.total = breakdown.chips + breakdown.buildings + LARGE_BONUSES.reduce((sum, b) => sum + breakdown[b], 0);
  return breakdown;
}

/** Ranks seats by score, then by the tie-break; seats still tied share the place (SCO-3). */
export function outcomeOf(state: PuertoRicoState): Outcome | null {
  if (state.phase.name !== 'over') return null;
  const breakdown = state.players.map(scoreBreakdown);
  const seats: Seat[] = breakdown.map((_, seat) => seat);
  const key = (seat: Seat) => breakdown[seat] as Breakdown;
  seats.sort((a, b) => key(b).total - key(a).total || key(b).tieBreak - key(a).tieBreak || a - b);
  const ranking: Seat[][] = [];
  for (const seat of seats) {
    const group = ranking[ranking.length - 1];
    const first = group?.[0];
    if (group && first !== undefined && key(first).total === key(seat).total && key(first).tieBreak === key(seat).tieBreak) group.push(seat);
    else ranking.push([seat]);
  }
  return { scores: breakdown.map((b) => b.total), breakdown, ranking, winners: ranking[0] ?? [] };
}
