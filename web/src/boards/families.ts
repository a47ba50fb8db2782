/**
 * Move families on the client (see docs/api.md, "Legal moves and logs"): whether a move a board composed
 * (the Mayor's arrangement, a Navegador payment) is a member of one of the families GET /legal-moves gave,
 * so that a board only ever sends a move the game accepts. Written from the documented format, not
 * imported from the service.
 */
type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  if (!isObject(a) || !isObject(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => k in b && jsonEqual(a[k], b[k]));
}

export function getPath(value: unknown, path: string): unknown {
  let current = value;
  for (const key of path.split('.')) {
    if (!isObject(current)) return undefined;
    current = current[key];
  }
  return current;
}

function bagOk(bag: any, value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  const picks = bag.items.map(() => 0);
  for (const element of value) {
    let item: unknown = element;
    let n = 1;
    if (bag.countKey !== undefined) {
      if (!isObject(element)) return false;
      const { [bag.countKey]: count, ...rest } = element;
      if (typeof count !== 'number' || count < 1) return false;
      item = rest;
      n = count;
    }
    const index = bag.items.findIndex((x: unknown) => jsonEqual(x, item));
    if (index < 0) return false;
    picks[index] += n;
  }
  const total = picks.reduce((a: number, b: number) => a + b, 0);
  const sum = (items: number[]) => items.reduce((n, i) => n + (picks[i] ?? 0), 0);
  if (total < bag.size.min || total > bag.size.max) return false;
  return (bag.limits ?? []).every((l: any) => sum(l.items) <= l.max) && (bag.atLeast ?? []).every((a: any) => sum(a.items) >= a.min);
}

function inDomain(domain: any, value: unknown): boolean {
  if ('oneOf' in domain) return domain.oneOf.some((x: unknown) => jsonEqual(x, value));
  if ('integer' in domain) {
    const n = value === undefined ? 0 : value;
    return typeof n === 'number' && Number.isInteger(n) && n >= domain.integer.min && n <= domain.integer.max;
  }
  if ('bag' in domain) return bagOk(domain.bag, value);
  return false; // trees: no board here composes them
}

function constraintHolds(c: any, move: unknown): boolean {
  let total = 0;
  for (const field of c.sum as string[]) {
    const v = getPath(move, field) ?? 0;
    if (typeof v !== 'number') return false;
    total += (c.weights?.[field] ?? 1) * v;
  }
  if (c.equals !== undefined && total !== c.equals) return false;
  if (c.min !== undefined && total < c.min) return false;
  return c.max === undefined || total <= c.max;
}

export function inFamily(family: any, move: unknown): boolean {
  if (!isObject(move) || move.type !== family.type) return false;
  if (!Object.entries(family.fixed ?? {}).every(([path, v]) => jsonEqual(getPath(move, path), v))) return false;
  if (!Object.entries(family.fields ?? {}).every(([path, domain]) => inDomain(domain, getPath(move, path)))) return false;
  return (family.constraints ?? []).every((c: any) => constraintHolds(c, move));
}

/** Whether `move` is one the game accepts now: listed, or a member of a family. */
export function isLegal(move: unknown, legalMoves: unknown[], families: unknown[]): boolean {
  return legalMoves.some((m) => jsonEqual(m, move)) || families.some((f) => inFamily(f, move));
}
