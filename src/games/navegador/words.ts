/**
 * The words of the log texts: game terms for the code ids (docs/rules/navegador.md §10 glossary), and
 * small English helpers. Seats are written as `{seat:N}` placeholders; the service renders player names.
 */
import { REGIONS, RONDEL, type Building, type Column, type Phase } from './data.js';

export { seatRef } from '../../engine/log-text.js';

/** "1 ship", "2 ships". */
export const count = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** "an explorer", "a church". */
export const article = (word: string): string => `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;

/** "A", "A and B", "A, B and C". */
export function list(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export const cruzados = (amount: number): string => `${amount} Cr`;

export const regionName = (region: number): string => REGIONS[region] ?? `an unknown region`;

const FIELD_NAMES = { sailing: 'Sailing', workers: 'Workers', market: 'Market', colony: 'Colony', privilege: 'Privilege', ships: 'Ships', buildings: 'Buildings' } as const;

/** "the Market field": the rondel field's action as printed on the rondel (T1). */
export const fieldName = (field: number): string => {
  const action = RONDEL[field];
  return action ? `the ${FIELD_NAMES[action]} field` : 'the middle of the rondel';
};

export const BUILDING_NAMES: Readonly<Record<Building, string>> = {
  sugarFactory: 'sugar factory',
  goldFactory: 'gold factory',
  spiceFactory: 'spice factory',
  shipyard: 'shipyard',
  church: 'church',
};

/** The privilege columns with the gallery person over each (§10). */
export const PRIVILEGE_NAMES: Readonly<Record<Column, string>> = {
  colony: 'colony privilege (Albuquerque)',
  factory: 'factory privilege (Cabral)',
  explorer: 'explorer privilege (Vasco da Gama)',
  shipyard: 'shipyard privilege (Bartolomeu Dias)',
  church: 'church privilege (Xavier)',
};

export const PHASE_NAMES: Readonly<Record<Phase, string>> = { 1: 'I', 2: 'II', 3: 'III' };

/** "Portugal to Guiné", "Bahia via Rio de Janeiro to Cabo da Boa Esperança". */
export function routeText(path: readonly number[]): string {
  const names = path.map(regionName);
  const via = names.slice(1, -1);
  return `${names[0]}${via.length > 0 ? ` via ${list(via)}` : ''} to ${names[names.length - 1]}`;
}
