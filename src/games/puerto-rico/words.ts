/**
 * Game terms for log text, as the English edition prints them: the ids in moves and state stay code
 * ids (`largeMarket`), the sentences say "the Large Market". Seats are `{seat:N}` placeholders
 * (engine/log-text.ts) that the service renders as names.
 */
import { seatRef } from '../../engine/log-text.js';
import type { Seat } from '../../engine/types.js';
import { roleOf, type Building, type Good, type RoleCard, type Tile } from './data.js';

export { seatRef };

export const BUILDING_NAMES: Readonly<Record<Building, string>> = {
  smallIndigoPlant: 'Small Indigo Plant',
  smallSugarMill: 'Small Sugar Mill',
  indigoPlant: 'Indigo Plant',
  sugarMill: 'Sugar Mill',
  tobaccoStorage: 'Tobacco Storage',
  coffeeRoaster: 'Coffee Roaster',
  smallMarket: 'Small Market',
  hacienda: 'Hacienda',
  constructionHut: 'Construction Hut',
  smallWarehouse: 'Small Warehouse',
  hospice: 'Hospice',
  office: 'Office',
  largeMarket: 'Large Market',
  largeWarehouse: 'Large Warehouse',
  factory: 'Factory',
  university: 'University',
  harbor: 'Harbor',
  wharf: 'Wharf',
  guildHall: 'Guild Hall',
  residence: 'Residence',
  fortress: 'Fortress',
  customsHouse: 'Customs House',
  cityHall: 'City Hall',
};

const ROLE_NAMES = {
  settler: 'Settler',
  mayor: 'Mayor',
  builder: 'Builder',
  craftsman: 'Craftsman',
  trader: 'Trader',
  captain: 'Captain',
  prospector: 'Prospector',
} as const;

export const roleName = (card: RoleCard): string => ROLE_NAMES[roleOf(card)];

/** "a Large Market", "an Office". */
export const aBuilding = (building: Building): string => {
  const name = BUILDING_NAMES[building];
  return `${/^[AEIOU]/.test(name) ? 'an' : 'a'} ${name}`;
};

export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

export const doubloons = (n: number): string => plural(n, 'doubloon');

export const colonists = (n: number): string => plural(n, 'colonist');

/** "a coffee plantation", "a quarry". */
export const aTile = (tile: Tile): string => (tile === 'quarry' ? 'a quarry' : `${tile === 'indigo' ? 'an' : 'a'} ${tile} plantation`);

/** "2 corn plantations", "1 quarry". */
export const tiles = (n: number, tile: Tile): string => (tile === 'quarry' ? plural(n, 'quarry', 'quarries') : plural(n, `${tile} plantation`));

/** "2 corn, 1 coffee" (goods are uncountable words: 3 corn, 1 sugar), or `none` for an empty list. */
export function goodsList(counts: Partial<Record<Good, number>>, none = 'nothing'): string {
  const parts = Object.entries(counts).filter(([, n]) => (n ?? 0) > 0).map(([good, n]) => `${n} ${good}`);
  return parts.length > 0 ? parts.join(', ') : none;
}

/** "{seat:0} 2, {seat:1} 1" for per-seat counts, skipping seats with none. */
export function perSeat(counts: readonly number[], describe: (n: number) => string): string {
  return counts.flatMap((n, seat: Seat) => (n > 0 ? [`${seatRef(seat)} ${describe(n)}`] : [])).join(', ');
}
