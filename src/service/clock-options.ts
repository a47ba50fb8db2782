/** The `clock` option of a new game, checked: the turn clock itself (../store/clock.ts) trusts what it is given. */
import { TIMEOUT_POLICIES, type ClockOptions, type TimeoutPolicy } from '../store/clock.js';
import { ServiceError } from './errors.js';

const MAX_SECONDS = 365 * 24 * 3600;

/** Checks the `clock` option of a new game; null when the game is untimed. */
export function parseClockOptions(input: unknown): ClockOptions | null {
  if (input === undefined || input === null) return null;
  if (typeof input !== 'object') throw new ServiceError('BAD_REQUEST', 'clock must be an object');
  const c = input as Record<string, unknown>;
  const seconds = (name: string, value: unknown, fallback: number, min: number): number => {
    if (value === undefined || value === null) return fallback;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > MAX_SECONDS) {
      throw new ServiceError('BAD_REQUEST', `clock.${name} must be a number of seconds between ${min} and ${MAX_SECONDS}`);
    }
    return value;
  };
  const perMove = seconds('perMove', c.perMove, Number.NaN, 1);
  if (Number.isNaN(perMove)) throw new ServiceError('BAD_REQUEST', 'clock.perMove (seconds per move) is required');
  const reserve = seconds('reserve', c.reserve, 0, 0);
  const reminderBefore = seconds('reminderBefore', c.reminderBefore, Math.min(3600, perMove / 4), 0);
  const onTimeout = c.onTimeout ?? 'bot';
  if (!TIMEOUT_POLICIES.includes(onTimeout as TimeoutPolicy)) {
    throw new ServiceError('BAD_REQUEST', `clock.onTimeout must be one of ${TIMEOUT_POLICIES.join(', ')}`);
  }
  return { perMove, reserve, reminderBefore, onTimeout: onTimeout as TimeoutPolicy };
}

