/**
 * Game terms for log text: the ids in moves and state stay code ids (`loadingClerk`), the sentences say
 * "the Loading Clerk". Seats are `{seat:N}` placeholders (engine/log-text.ts) that the service renders
 * as names.
 */
import { seatRef } from '../../engine/log-text.js';
import type { Seat } from '../../engine/types.js';
import type { Card, Role } from './data.js';

export { seatRef };

const ROLE_NAMES: Readonly<Record<Role | 'captain', string>> = {
  captain: 'Captain',
  mutineer: 'Mutineer',
  boy: "Ship's Boy",
  boatswain: 'Boatswain',
  merchant: 'Merchant',
  loadingClerk: 'Loading Clerk',
};

/** "Loading Clerk"; a seat without an action card is the captain. */
export const roleName = (role: Role | null): string => ROLE_NAMES[role ?? 'captain'];

export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

export const cards = (n: number): string => plural(n, 'card');

/** "a ruby card", "a conflict card", "the pirate card". */
export const aCard = (card: Card): string => (card === 'pirate' ? 'the pirate card' : `a ${card} card`);

/** "2 ruby, 1 conflict" in the order first seen, or `none` for no cards. */
export function cardList(list: readonly Card[], none = 'nothing'): string {
  const counts = new Map<Card, number>();
  for (const card of list) counts.set(card, (counts.get(card) ?? 0) + 1);
  return counts.size === 0 ? none : [...counts].map(([card, n]) => `${n} ${card}`).join(', ');
}

/** "A, B and C". */
export function joinAnd(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export const seatsAnd = (seats: readonly Seat[]): string => joinAnd(seats.map(seatRef));
