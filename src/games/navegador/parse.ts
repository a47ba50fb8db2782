/**
 * Hand-written move parser: apply must never throw on junk, and schema validation is too slow for the
 * hot path (the service validates against moveSchema before apply anyway).
 */
import { BUILDINGS, COLUMNS, GOODS, type Column } from './data.js';
import type { BuildingCounts, GoodCounts, NavegadorMove, SailPath } from './types.js';

type Raw = Record<string, unknown>;

const isObject = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 1000;
const isIntList = (v: unknown): v is number[] => Array.isArray(v) && v.length <= 64 && v.every(isCount);

function parsePaths(v: unknown): SailPath[] | null {
  if (!Array.isArray(v) || v.length > 64) return null;
  const paths: SailPath[] = [];
  for (const item of v) {
    if (!isObject(item) || !isIntList(item.path) || !isCount(item.count)) return null;
    paths.push({ path: item.path, count: item.count });
  }
  return paths;
}

function parseCounts<K extends string>(v: unknown, keys: readonly K[]): Partial<Record<K, number>> | null {
  if (v === undefined) return {};
  if (!isObject(v)) return null;
  const out: Partial<Record<K, number>> = {};
  for (const [key, value] of Object.entries(v)) {
    if (!(keys as readonly string[]).includes(key) || !isCount(value)) return null;
    out[key as K] = value;
  }
  return out;
}

/** The move, or `null` when it is malformed (INVALID_MOVE). */
export function parseMove(raw: unknown): NavegadorMove | null {
  if (!isObject(raw) || typeof raw.type !== 'string') return null;
  switch (raw.type) {
    case 'navegador':
    case 'sail': {
      const paths = parsePaths(raw.paths);
      return paths && { type: raw.type, paths };
    }
    case 'rondel':
      if (!isCount(raw.field)) return null;
      if (raw.pay === undefined) return { type: 'rondel', field: raw.field };
      return isIntList(raw.pay) ? { type: 'rondel', field: raw.field, pay: raw.pay } : null;
    case 'recruit':
    case 'buildShips':
      return isCount(raw.count) ? { type: raw.type, count: raw.count } : null;
    case 'found':
      return isIntList(raw.regions) ? { type: 'found', regions: raw.regions } : null;
    case 'build': {
      const pieces: BuildingCounts | null = parseCounts(raw.pieces, BUILDINGS);
      return pieces && { type: 'build', pieces };
    }
    case 'market': {
      const sell: GoodCounts | null = parseCounts(raw.sell, GOODS);
      const process: GoodCounts | null = parseCounts(raw.process, GOODS);
      return sell && process && { type: 'market', sell, process };
    }
    case 'privilege':
      return (COLUMNS as readonly unknown[]).includes(raw.column) ? { type: 'privilege', column: raw.column as Column } : null;
    case 'skip':
      return { type: 'skip' };
    default:
      return null;
  }
}
