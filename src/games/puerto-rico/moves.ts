/**
 * Reading an untrusted move by hand (the service validates against moveSchema first, but `apply` must
 * never throw and must refuse malformed input with INVALID_MOVE on its own).
 */
import { ruleError } from '../../engine/result.js';
import type { Result } from '../../engine/types.js';
import { BUILDINGS, ROLE_CARDS, TILES, type RoleCard } from './data.js';
import { isBuilding, isGood } from './rules.js';
import type { PuertoRicoMove } from './types.js';

export const MOVE_TYPES = [
  'chooseRole',
  'useHacienda',
  'takePlantation',
  'takeQuarry',
  'mayorPrivilege',
  'arrange',
  'build',
  'produce',
  'craftsmanBonus',
  'sell',
  'load',
  'wharf',
  'store',
  'pass',
] as const satisfies readonly PuertoRicoMove['type'][];

type Raw = Record<string, unknown>;

const invalid = (message: string): Result<PuertoRicoMove> => ({ ok: false, error: ruleError('INVALID_MOVE', message) });
const ok = (value: PuertoRicoMove): Result<PuertoRicoMove> => ({ ok: true, value });

function counts(value: unknown, keys: readonly string[]): Record<string, number> | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const out: Record<string, number> = {};
  for (const [key, n] of Object.entries(value)) {
    if (!keys.includes(key) || typeof n !== 'number' || !Number.isInteger(n) || n < 0) return null;
    out[key] = n;
  }
  return out;
}

export function parseMove(input: unknown): Result<PuertoRicoMove> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return invalid('a move is an object');
  const raw = input as Raw;
  const type = raw['type'];
  if (typeof type !== 'string' || !(MOVE_TYPES as readonly string[]).includes(type)) return invalid(`unknown move type ${String(type)}`);
  const t = type as PuertoRicoMove['type'];
  switch (t) {
    case 'chooseRole': {
      const role = raw['role'];
      return typeof role === 'string' && (ROLE_CARDS as readonly string[]).includes(role)
        ? ok({ type: t, role: role as RoleCard })
        : invalid('chooseRole needs a role card');
    }
    case 'useHacienda':
    case 'produce':
    case 'pass':
      return ok({ type: t });
    case 'takePlantation': {
      const plantation = raw['plantation'];
      const hospice = raw['hospice'] ?? false;
      return isGood(plantation) && typeof hospice === 'boolean' ? ok({ type: t, plantation, hospice }) : invalid('takePlantation needs a plantation kind');
    }
    case 'takeQuarry': {
      const hospice = raw['hospice'] ?? false;
      return typeof hospice === 'boolean' ? ok({ type: t, hospice }) : invalid('hospice must be a boolean');
    }
    case 'mayorPrivilege': {
      const accept = raw['accept'];
      return typeof accept === 'boolean' ? ok({ type: t, accept }) : invalid('mayorPrivilege needs accept: boolean');
    }
    case 'arrange': {
      const plantations = counts(raw['plantations'] ?? {}, TILES);
      const buildings = counts(raw['buildings'] ?? {}, BUILDINGS);
      return plantations && buildings ? ok({ type: t, plantations, buildings }) : invalid('arrange needs counts per tile kind and per building');
    }
    case 'build': {
      const building = raw['building'];
      const university = raw['university'] ?? false;
      return isBuilding(building) && typeof university === 'boolean' ? ok({ type: t, building, university }) : invalid('build needs a building');
    }
    case 'craftsmanBonus':
    case 'sell':
    case 'wharf': {
      const good = raw['good'];
      return isGood(good) ? ok({ type: t, good }) : invalid(`${t} needs a good`);
    }
    case 'load': {
      const good = raw['good'];
      const ship = raw['ship'];
      return isGood(good) && typeof ship === 'number' && Number.isInteger(ship) ? ok({ type: t, good, ship }) : invalid('load needs a good and a ship index');
    }
    case 'store': {
      const warehouse = raw['warehouse'] ?? [];
      const barrel = raw['barrel'] ?? null;
      if (!Array.isArray(warehouse) || !warehouse.every(isGood)) return invalid('warehouse must list goods');
      if (barrel !== null && !isGood(barrel)) return invalid('barrel must be a good or null');
      return ok({ type: t, warehouse, barrel });
    }
  }
}
