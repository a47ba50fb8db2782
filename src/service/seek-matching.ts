/**
 * Which waiting seeks make a game: pure, so the rule is tested on its own and every instance applies the
 * same one (src/service/seeks.ts runs it on the rows it has locked).
 *
 * Seeks are taken longest-waiting first. The oldest seek gathers, in waiting order, every later seek that
 * fits it and everyone gathered so far: the same game type (the caller groups by type), the same options
 * and clock, a seat count that every range still allows, and each player's rating inside every other's
 * range. It stops when the group reaches the largest seat count all its members accept. A group that
 * reaches the smallest seat count they all need (and at least two players) is a game; otherwise, when the
 * oldest seek allows bots and has waited long enough, bots fill the seats still missing. Seeks that did not
 * make a game stay free for the next seek down the list.
 */
export interface WaitingSeek {
  readonly id: string;
  readonly playerId: string;
  /** Options and clock, canonically serialised: only equal keys play together. */
  readonly key: string;
  readonly minSeats: number;
  readonly maxSeats: number;
  readonly rating: number;
  readonly minRating: number | null;
  readonly maxRating: number | null;
  readonly botsAfterSeconds: number | null;
  readonly createdAt: Date;
}

export interface Match {
  readonly seeks: readonly WaitingSeek[];
  readonly seats: number;
  /** Seats left for bots (after the players'). */
  readonly bots: number;
}

const within = (rating: number, of: WaitingSeek) => (of.minRating === null || rating >= of.minRating) && (of.maxRating === null || rating <= of.maxRating);
const fits = (a: WaitingSeek, b: WaitingSeek) => a.playerId !== b.playerId && within(a.rating, b) && within(b.rating, a);

/** Groups `waiting` (oldest first) into games; `now` decides which seeks have waited long enough for bots. */
export function matchSeeks(waiting: readonly WaitingSeek[], now: Date): Match[] {
  const used = new Set<string>();
  const matches: Match[] = [];
  for (const first of waiting) {
    if (used.has(first.id)) continue;
    const group = [first];
    let low = first.minSeats;
    let high = first.maxSeats;
    for (const other of waiting) {
      if (group.length >= high) break;
      if (other === first || used.has(other.id) || other.key !== first.key) continue;
      const nextLow = Math.max(low, other.minSeats);
      const nextHigh = Math.min(high, other.maxSeats);
      if (nextLow > nextHigh || group.length + 1 > nextHigh || !group.every((member) => fits(member, other))) continue;
      group.push(other);
      low = nextLow;
      high = nextHigh;
    }
    const waited = (now.getTime() - first.createdAt.getTime()) / 1000;
    let match: Match | null = null;
    if (group.length >= Math.max(2, low)) match = { seeks: group, seats: group.length, bots: 0 };
    else if (first.botsAfterSeconds !== null && waited >= first.botsAfterSeconds) {
      const seats = Math.max(low, 2, group.length);
      match = { seeks: group, seats, bots: seats - group.length };
    }
    if (!match) continue;
    for (const seek of match.seeks) used.add(seek.id);
    matches.push(match);
  }
  return matches;
}

/** JSON with object keys sorted: equal values serialise equally. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
