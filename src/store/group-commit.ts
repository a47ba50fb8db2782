/**
 * Group commit (issue 16): moves of different games that wait for the database at the same moment share
 * one statement, so one transaction and one WAL flush, each keeping its own version check and its own
 * answer.
 *
 * No waiting on purpose: while no group is at the database, a move is sent at once, alone (so one game
 * playing alone pays nothing). Moves that arrive while a group is at the database queue up, and when it
 * returns the next group takes them all (up to `maxGroup`) in one statement. The busier the service, the
 * bigger the groups: Postgres' per-statement and per-transaction cost is paid once per group instead of
 * once per move. One group at a time measured best (moves through HTTP at 50 games, on the bench's
 * machine: 4,190 moves/s against 2,750-3,300 with two and 2,580 with eight), but it must not let one slow statement (a lock wait) hold
 * every other game back: a group still at the database after `slowMs` lets the next one go beside it, up
 * to `maxInFlight`.
 *
 * A key (the game) is in at most one group at the database at a time: two moves of one game never share
 * a statement or race each other from here, and they keep their order.
 */
import { performance } from 'node:perf_hooks';

export interface GroupCommitOptions<T, R> {
  /** Groups at the database at once at most (each holds one connection), when some are slow. */
  readonly maxInFlight: number;
  /** How long a group may be at the database before the next one goes beside it. */
  readonly slowMs: number;
  /** Items in one group at most. */
  readonly maxGroup: number;
  readonly key: (item: T) => string;
  /** Writes one item alone. */
  readonly one: (item: T) => Promise<R>;
  /**
   * Writes several items (of different keys) in one statement; answers in the same order, each its own
   * outcome (so a group that had to go again item by item can fail one item and not the others).
   */
  readonly many: (items: readonly T[]) => Promise<readonly PromiseSettledResult<R>[]>;
  /** Told the size of each group as it is sent (the metrics' group-commit histogram). */
  readonly onGroup?: ((size: number) => void) | undefined;
}

/** No grouping: every item goes at once, alone, however many are at the database. */
export const UNGROUPED = { maxInFlight: Infinity, maxGroup: 1, slowMs: 0 } as const;

interface Waiting<T, R> {
  readonly item: T;
  readonly key: string;
  readonly resolve: (result: R) => void;
  readonly reject: (error: unknown) => void;
}

export class GroupCommit<T, R> {
  private queue: Waiting<T, R>[] = [];
  private inFlight = 0;
  /** When the last group was sent (performance.now()). */
  private lastSentAt = 0;
  /** Armed while items wait behind a group at the database: lets the next group go if that one is slow. */
  private slowTimer: NodeJS.Timeout | undefined;
  /** Keys of the items at the database now. */
  private readonly busy = new Set<string>();

  constructor(private readonly options: GroupCommitOptions<T, R>) {}

  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, key: this.options.key(item), resolve, reject });
      this.drain();
    });
  }

  private drain(): void {
    while (this.queue.length > 0 && this.mayStartGroup()) {
      const group = this.takeGroup();
      if (group.length === 0) break; // every waiting item's key is at the database: its group's end drains again
      this.inFlight++;
      this.options.onGroup?.(group.length);
      this.lastSentAt = performance.now();
      void this.send(group).finally(() => {
        this.inFlight--;
        for (const waiting of group) this.busy.delete(waiting.key);
        this.drain();
      });
    }
    if (this.queue.length > 0 && this.inFlight < this.options.maxInFlight) this.armSlowTimer();
  }

  private mayStartGroup(): boolean {
    if (this.inFlight === 0) return true;
    return this.inFlight < this.options.maxInFlight && performance.now() - this.lastSentAt >= this.options.slowMs;
  }

  private armSlowTimer(): void {
    if (this.slowTimer) return;
    this.slowTimer = setTimeout(() => {
      this.slowTimer = undefined;
      this.drain();
    }, this.options.slowMs);
    this.slowTimer.unref();
  }

  /** The oldest waiting items whose keys are not at the database (one per key), up to `maxGroup`. */
  private takeGroup(): Waiting<T, R>[] {
    const group: Waiting<T, R>[] = [];
    const left: Waiting<T, R>[] = [];
    for (const waiting of this.queue) {
      if (group.length < this.options.maxGroup && !this.busy.has(waiting.key)) {
        this.busy.add(waiting.key);
        group.push(waiting);
      } else {
        left.push(waiting);
      }
    }
    this.queue = left;
    return group;
  }

  private async send(group: readonly Waiting<T, R>[]): Promise<void> {
    try {
      if (group.length === 1) {
        group[0]!.resolve(await this.options.one(group[0]!.item));
        return;
      }
      const results = await this.options.many(group.map((waiting) => waiting.item));
      group.forEach((waiting, i) => {
        const result = results[i]!;
        if (result.status === 'fulfilled') waiting.resolve(result.value);
        else waiting.reject(result.reason);
      });
    } catch (error) {
      for (const waiting of group) waiting.reject(error);
    }
  }
}
