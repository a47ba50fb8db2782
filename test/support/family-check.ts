/**
 * Membership and sampling for move families (the shape agreed in /work/wt/_notes/legal-moves-shape.md),
 * limited to the domains the Navegador and Voyages engines use: `bag` (a multiset, order free) and
 * `oneOf`. Used by the discoverable-moves property tests: a sampled member must be accepted by apply,
 * and an accepted candidate must be a listed move or a member of some family.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Random } from '../../src/engine/random.js';

export interface Bag {
  readonly items: readonly unknown[];
  readonly size: { readonly min: number; readonly max: number };
  readonly limits?: readonly { readonly items: readonly number[]; readonly max: number }[];
  readonly atLeast?: readonly { readonly items: readonly number[]; readonly min: number }[];
  readonly countKey?: string;
}
export type Domain = { readonly bag: Bag } | { readonly oneOf: readonly unknown[] };
export interface Family {
  readonly type: string;
  readonly fixed: Readonly<Record<string, unknown>>;
  readonly fields: Readonly<Record<string, Domain>>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Picks per item index, or null when `value` is not a list of the bag's items. */
function bagPicks(bag: Bag, value: unknown): number[] | null {
  if (!Array.isArray(value)) return null;
  const picks = bag.items.map(() => 0);
  for (const element of value) {
    let item: unknown = element;
    let n = 1;
    if (bag.countKey !== undefined) {
      if (!isObject(element)) return null;
      const { [bag.countKey]: count, ...rest } = element;
      if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) return null;
      item = rest;
      n = count;
    }
    const index = bag.items.findIndex((x) => isDeepStrictEqual(x, item));
    if (index < 0) return null;
    picks[index] = (picks[index] as number) + n;
  }
  return picks;
}

function inBag(bag: Bag, value: unknown): boolean {
  const picks = bagPicks(bag, value);
  if (!picks) return false;
  const sum = (indices: readonly number[]) => indices.reduce((n, i) => n + (picks[i] ?? 0), 0);
  const total = sum(picks.map((_, i) => i));
  if (total < bag.size.min || total > bag.size.max) return false;
  return (bag.limits ?? []).every((l) => sum(l.items) <= l.max) && (bag.atLeast ?? []).every((a) => sum(a.items) >= a.min);
}

function inDomain(domain: Domain, value: unknown): boolean {
  if ('bag' in domain) return inBag(domain.bag, value);
  return domain.oneOf.some((x) => isDeepStrictEqual(x, value));
}

/** Whether `move` is a member of `family`: its type, every fixed field, every free field in its domain, nothing else. */
export function inFamily(family: Family, move: unknown): boolean {
  if (!isObject(move) || move.type !== family.type) return false;
  const keys = new Set(['type', ...Object.keys(family.fixed), ...Object.keys(family.fields)]);
  if (Object.keys(move).some((k) => !keys.has(k))) return false;
  if (Object.entries(family.fixed).some(([k, v]) => !isDeepStrictEqual(move[k], v))) return false;
  return Object.entries(family.fields).every(([k, domain]) => inDomain(domain, move[k]));
}

/** A random value of a bag: the `atLeast` picks first, then random ones up to a random size; null if stuck. */
function sampleBag(bag: Bag, rng: Random): unknown[] | null {
  const picks = bag.items.map(() => 0);
  const room = (i: number) =>
    (bag.limits ?? []).every((l) => !l.items.includes(i) || l.items.reduce((n, j) => n + (picks[j] ?? 0), 0) < l.max);
  const pickFrom = (indices: readonly number[]): boolean => {
    const open = indices.filter(room);
    if (open.length === 0) return false;
    const i = rng.pick(open);
    picks[i] = (picks[i] as number) + 1;
    return true;
  };
  let total = 0;
  for (const a of bag.atLeast ?? []) {
    for (let got = a.items.reduce((n, i) => n + (picks[i] ?? 0), 0); got < a.min; got++) {
      if (!pickFrom(a.items)) return null;
      total++;
    }
  }
  const all = bag.items.map((_, i) => i);
  const wanted = rng.between(Math.max(total, bag.size.min), Math.max(total, bag.size.max));
  while (total < wanted && pickFrom(all)) total++;
  if (total < bag.size.min) return null;
  const out: unknown[] = [];
  picks.forEach((n, i) => {
    if (n === 0) return;
    const item = bag.items[i];
    if (bag.countKey !== undefined) out.push({ ...(item as object), [bag.countKey]: n });
    else for (let k = 0; k < n; k++) out.push(item);
  });
  return out;
}

/** A random member of `family`, or null when sampling got stuck (the caller counts those). */
export function sampleFamily(family: Family, rng: Random): Record<string, unknown> | null {
  const move: Record<string, unknown> = { type: family.type, ...family.fixed };
  for (const [key, domain] of Object.entries(family.fields)) {
    const value = 'bag' in domain ? sampleBag(domain.bag, rng) : rng.pick(domain.oneOf);
    if (value === null) return null;
    move[key] = value;
  }
  return move;
}
