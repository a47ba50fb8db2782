/**
 * Move families (`MoveFamily` in ./types.ts): membership, enumeration and sampling. Engines build
 * families; clients and the discoverable-moves property tests read them through these helpers. Pure
 * code, like every engine module.
 */
import type { Random } from './random.js';
import type { ChoiceNode, FamilyBag, FamilyConstraint, FamilyDomain, MoveFamily } from './types.js';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Structural equality of JSON values (key order ignored). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  if (!isObject(a) || !isObject(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => k in b && jsonEqual(a[k], b[k]));
}

function getPath(value: unknown, path: string): unknown {
  let current = value;
  for (const key of path.split('.')) {
    if (!isObject(current)) return undefined;
    current = current[key];
  }
  return current;
}

function setPath(target: Json, path: string, value: unknown): void {
  const keys = path.split('.');
  let current = target;
  for (const key of keys.slice(0, -1)) {
    if (!isObject(current[key])) current[key] = {};
    current = current[key] as Json;
  }
  current[keys[keys.length - 1] as string] = value;
}

// ---- domains -----------------------------------------------------------------------------------

/** Picks per item index, or null when `value` is not a list of the bag's items. */
function bagPicks(bag: FamilyBag, value: unknown): number[] | null {
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
    const index = bag.items.findIndex((x) => jsonEqual(x, item));
    if (index < 0) return null;
    picks[index] = (picks[index] as number) + n;
  }
  return picks;
}

function bagAllows(bag: FamilyBag, picks: readonly number[]): boolean {
  const sum = (indices: readonly number[]) => indices.reduce((n, i) => n + (picks[i] ?? 0), 0);
  const total = picks.reduce((a, b) => a + b, 0);
  if (total < bag.size.min || total > bag.size.max) return false;
  return (bag.limits ?? []).every((l) => sum(l.items) <= l.max) && (bag.atLeast ?? []).every((a) => sum(a.items) >= a.min);
}

function bagValue(bag: FamilyBag, picks: readonly number[]): unknown[] {
  const out: unknown[] = [];
  picks.forEach((n, i) => {
    if (n === 0) return;
    const item = bag.items[i];
    if (bag.countKey !== undefined) out.push({ ...(item as Json), [bag.countKey]: n });
    else for (let k = 0; k < n; k++) out.push(item);
  });
  return out;
}

function inTree(roots: readonly ChoiceNode[], value: unknown): boolean {
  if (!Array.isArray(value) || value.length === 0) return false;
  let level = roots;
  let node: ChoiceNode | undefined;
  for (const step of value) {
    node = level.find((n) => jsonEqual(n.value, step));
    if (!node) return false;
    level = node.next ?? [];
  }
  return node?.end === true;
}

/** Whether `value` (undefined when the move omits the field) lies in `domain`. */
export function inDomain(domain: FamilyDomain, value: unknown): boolean {
  if ('oneOf' in domain) return domain.oneOf.some((x) => jsonEqual(x, value));
  if ('integer' in domain) {
    const n = value === undefined ? 0 : value;
    return typeof n === 'number' && Number.isInteger(n) && n >= domain.integer.min && n <= domain.integer.max;
  }
  if ('tree' in domain) return inTree(domain.tree, value);
  const picks = bagPicks(domain.bag, value);
  return picks !== null && bagAllows(domain.bag, picks);
}

/** Every value of a domain, in a stable order (bags and trees can be large: callers bound them). */
function* domainValues(domain: FamilyDomain): Generator<unknown> {
  if ('oneOf' in domain) yield* domain.oneOf;
  else if ('integer' in domain) for (let n = domain.integer.min; n <= domain.integer.max; n++) yield n;
  else if ('tree' in domain) yield* treeValues(domain.tree, []);
  else yield* bagValues(domain.bag);
}

function* treeValues(level: readonly ChoiceNode[], prefix: readonly unknown[]): Generator<unknown[]> {
  for (const node of level) {
    const path = [...prefix, node.value];
    if (node.end) yield path;
    if (node.next) yield* treeValues(node.next, path);
  }
}

function* bagValues(bag: FamilyBag): Generator<unknown[]> {
  const picks = bag.items.map(() => 0);
  function* from(index: number, left: number): Generator<unknown[]> {
    if (index === bag.items.length) {
      if (bagAllows(bag, picks)) yield bagValue(bag, picks);
      return;
    }
    for (let n = 0; n <= left; n++) {
      picks[index] = n;
      yield* from(index + 1, left - n);
    }
    picks[index] = 0;
  }
  yield* from(0, bag.size.max);
}

// ---- constraints -------------------------------------------------------------------------------

const weightOf = (c: FamilyConstraint, field: string) => c.weights?.[field] ?? 1;

function constraintHolds(c: FamilyConstraint, value: (field: string) => unknown): boolean {
  let total = 0;
  for (const field of c.sum) {
    const v = value(field) ?? 0;
    if (typeof v !== 'number') return false;
    total += weightOf(c, field) * v;
  }
  if (c.equals !== undefined && total !== c.equals) return false;
  if (c.min !== undefined && total < c.min) return false;
  return c.max === undefined || total <= c.max;
}

/**
 * Whether a partial assignment can still meet `c`: the fields set so far give a part of the sum, the
 * others (integers, weights never negative) can add between their domains' bounds.
 */
function constraintReachable(c: FamilyConstraint, family: MoveFamily, assigned: ReadonlyMap<string, unknown>): boolean {
  let low = 0;
  let high = 0;
  for (const field of c.sum) {
    const w = weightOf(c, field);
    if (assigned.has(field)) {
      const v = assigned.get(field);
      if (typeof v !== 'number') return false;
      low += w * v;
      high += w * v;
      continue;
    }
    const domain = family.fields[field];
    if (!domain || !('integer' in domain)) return true; // not an integer field: nothing to prune on
    low += w * domain.integer.min;
    high += w * domain.integer.max;
  }
  const floor = c.equals ?? c.min;
  const ceiling = c.equals ?? c.max;
  return (floor === undefined || high >= floor) && (ceiling === undefined || low <= ceiling);
}

// ---- families ----------------------------------------------------------------------------------

/** Every leaf path of `value` that a family with these paths may hold; false on a stray key. */
function onlyKnownKeys(value: Json, allowed: readonly string[], prefix = ''): boolean {
  return Object.entries(value).every(([key, v]) => {
    const path = prefix + key;
    if (allowed.includes(path)) return true;
    const nested = allowed.some((a) => a.startsWith(`${path}.`));
    return nested && isObject(v) && onlyKnownKeys(v, allowed, `${path}.`);
  });
}

/** Whether `move` is a member of `family`: its type, the fixed fields, each free field in its domain, the constraints, nothing else. */
export function inFamily(family: MoveFamily, move: unknown): boolean {
  if (!isObject(move) || move.type !== family.type) return false;
  const allowed = ['type', ...Object.keys(family.fixed), ...Object.keys(family.fields)];
  if (!onlyKnownKeys(move, allowed)) return false;
  if (!Object.entries(family.fixed).every(([path, v]) => jsonEqual(getPath(move, path), v))) return false;
  if (!Object.entries(family.fields).every(([path, domain]) => inDomain(domain, getPath(move, path)))) return false;
  return (family.constraints ?? []).every((c) => constraintHolds(c, (field) => getPath(move, field)));
}

function memberOf(family: MoveFamily, assigned: ReadonlyMap<string, unknown>): Json {
  const move: Json = { type: family.type };
  for (const [path, value] of Object.entries(family.fixed)) setPath(move, path, value);
  for (const [path, value] of assigned) setPath(move, path, value);
  return move;
}

/**
 * Walks the assignments depth first, field by field, pruning on the constraints; `order` gives the
 * candidate values of a field (all of them in order, or a shuffled subset for sampling).
 */
function* search(family: MoveFamily, order: (domain: FamilyDomain) => Iterable<unknown>): Generator<Json> {
  const fields = Object.entries(family.fields);
  const constraints = family.constraints ?? [];
  const assigned = new Map<string, unknown>();
  function* step(index: number): Generator<Json> {
    if (index === fields.length) {
      if (constraints.every((c) => constraintHolds(c, (f) => assigned.get(f)))) yield memberOf(family, assigned);
      return;
    }
    const [path, domain] = fields[index] as [string, FamilyDomain];
    for (const value of order(domain)) {
      assigned.set(path, value);
      if (constraints.every((c) => constraintReachable(c, family, assigned))) yield* step(index + 1);
    }
    assigned.delete(path);
  }
  yield* step(0);
}

/** The members of `family`, in a stable order; at most `limit` of them (a family may be very large). */
export function expandFamily(family: MoveFamily, limit = 10_000): Json[] {
  const out: Json[] = [];
  for (const move of search(family, domainValues)) {
    if (out.length >= limit) break;
    out.push(move);
  }
  return out;
}

/** Number of members, counting no further than `limit` (so `limit` means "at least that many"). */
export function familySize(family: MoveFamily, limit = 10_000): number {
  let n = 0;
  for (const _ of search(family, domainValues)) if (++n >= limit) break;
  return n;
}

/** Up to `cap` candidate values of a domain in random order: small domains whole, bags and trees sampled. */
function shuffledValues(rng: Random, cap: number) {
  return (domain: FamilyDomain): unknown[] => {
    const values: unknown[] = [];
    for (const v of domainValues(domain)) {
      values.push(v);
      if (values.length >= cap) break;
    }
    return rng.shuffle(values);
  };
}

/**
 * A random member of `family` (not uniform: each field's value is drawn in turn, backtracking where the
 * constraints cannot be met), or null for an empty family.
 */
export function sampleFamily(family: MoveFamily, rng: Random, cap = 2_000): Json | null {
  const first = search(family, shuffledValues(rng, cap)).next();
  return first.done ? null : first.value;
}
