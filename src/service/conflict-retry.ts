/**
 * The one policy for lost races on the move log: an append whose expected version another commit got
 * past writes nothing, and the command reads the game afresh and tries again, a few times at most.
 */
import { ServiceError } from './errors.js';

/** Retries after the first attempt before a busy game is refused. */
export const MAX_RETRIES = 5;

/** What an attempt returns when its append lost the race: try again on a fresh read. */
export const LOST_RACE = Symbol('lost race');

/** Runs `attempt` (0, 1, ...) until it returns something other than LOST_RACE, or refuses a too-busy game. */
export async function retryLostRaces<T>(attempt: (n: number) => Promise<T | typeof LOST_RACE>): Promise<T> {
  for (let n = 0; ; n++) {
    const result = await attempt(n);
    if (result !== LOST_RACE) return result;
    if (n >= MAX_RETRIES) throw new ServiceError('STALE_VERSION', 'the game is too busy; try again');
  }
}
