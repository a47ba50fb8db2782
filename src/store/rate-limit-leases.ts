/**
 * What one instance holds of the shared rate-limit counters (./rate-limit-store.ts): per bucket and key,
 * the last block of hits it leased from the key's window in Postgres, which it serves from memory until
 * the block is spent or the window ends. Bookkeeping only: no I/O, and the clock (monotonic milliseconds,
 * `performance.now()`) is passed in, so that a wall-clock step can neither stretch nor cut a window.
 */

/** One hit as the plugin wants it: the key's count including this hit, and ms until the window ends. */
export type Counted = { current: number; ttl: number };

/** A block of hits leased from a key's window in Postgres. */
export interface Lease {
  /** The key's hits total in Postgres right after this lease, its own grant included. */
  readonly total: number;
  /** Hits in this block (0: the window's budget was already spent). */
  readonly granted: number;
  /** When the window ends on the monotonic clock; never later than in Postgres (see `leaseFrom`). */
  readonly deadline: number;
  /** Hits of this block served so far. */
  served: number;
}

/** A lease claims at most this share of what is left of the budget, so that it strands little of it... */
const SHARE_OF_REST = 16;
/** ...and at most this many hits: a round trip per this many calls is already cheap. */
const MOST_PER_LEASE = 64;

/**
 * How many hits to ask for: a 1/16 share of what this instance last knew to be left (all of `max` for
 * a window it has not seen), between 1 and 64. Small budgets thus lease one hit at a time and count
 * exactly as a counter per request would; large ones lease big blocks while much is left and smaller
 * ones as the window fills up, which bounds what another instance may hold unspent while this one is
 * refused.
 */
export function leaseSize(max: number, known: number): number {
  return Math.min(MOST_PER_LEASE, Math.max(1, Math.floor((max - known) / SHARE_OF_REST)));
}

/**
 * The lease a statement's answer makes. `sentAt` is when the statement was sent, before Postgres read its
 * clock, so the deadline falls (by the round trip) before the window's real end: a leased hit is never
 * served after the window it was counted in.
 */
export function leaseFrom(answer: { hits: number; granted: number; ttl: number }, sentAt: number): Lease {
  return { total: answer.hits, granted: answer.granted, deadline: sentAt + answer.ttl, served: 0 };
}

/** What this instance last saw of the key's count in its current window (0 once the window ended). */
export function knownHits(lease: Lease | undefined, now: number): number {
  return lease && now < lease.deadline ? lease.total : 0;
}

/**
 * The count of the next hit served from `lease`, or null when a new lease is needed (the window ended,
 * or the block is spent while Postgres still had budget left). The j-th hit of a block reports the count
 * as of the lease (total - granted + j). Once the budget was spent when leased, every later hit of the
 * window is refused without asking Postgres again: a window's count only grows until it ends.
 */
export function serve(lease: Lease, max: number, now: number): Counted | null {
  if (now >= lease.deadline) return null;
  const ttl = Math.ceil(lease.deadline - now);
  if (lease.served < lease.granted) {
    lease.served++;
    return { current: lease.total - lease.granted + lease.served, ttl };
  }
  // Over budget, the plugin needs `current > max`; Retry-After is the rest of the window.
  if (lease.total >= max) return { current: lease.total + 1, ttl };
  return null;
}

/** Below this many keys the book is never swept. */
const FIRST_SWEEP = 1024;

/**
 * The leases of one process, by bucket and key. Keys whose window ended are dropped when the book has
 * doubled since the last sweep (constant work per lease on average), and past `limit` keys the oldest
 * leases go: dropping a lease only strands its unspent hits, which can refuse a caller early but never
 * admit one beyond its budget.
 */
export class LeaseBook {
  private readonly leases = new Map<string, Lease>();
  private sweepAt = FIRST_SWEEP;

  constructor(private readonly limit = 100_000) {}

  get size(): number {
    return this.leases.size;
  }

  get(key: string): Lease | undefined {
    return this.leases.get(key);
  }

  set(key: string, lease: Lease, now: number): void {
    // Re-inserted, so the map's order is the order of leasing and the oldest come first.
    this.leases.delete(key);
    this.leases.set(key, lease);
    if (this.leases.size >= this.sweepAt) {
      this.sweep(now);
      this.sweepAt = Math.max(FIRST_SWEEP, 2 * this.leases.size);
    }
    for (const oldest of this.leases.keys()) {
      if (this.leases.size <= this.limit) break;
      this.leases.delete(oldest);
    }
  }

  /** Drops the leases whose window ended. */
  sweep(now: number): void {
    for (const [key, lease] of this.leases) if (now >= lease.deadline) this.leases.delete(key);
  }
}
