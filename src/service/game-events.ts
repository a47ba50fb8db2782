/**
 * The fan-out of committed moves to this process's listeners (GraphQL subscriptions, streams). Events
 * carry only identifiers and the sequence number: each subscriber reads and redacts what it may see, so
 * nothing secret travels through here.
 *
 * With several instances on one database, a relay (src/store/commit-feed.ts: Postgres LISTEN/NOTIFY)
 * carries each commit to the others: `publish` fans a local commit out here and hands it to the relay,
 * `receive` fans out a commit another instance announced. Each game's commits reach the listeners once and
 * in version order whichever way they came: a version at or below one already fanned out is dropped (a move
 * subscriber reads everything up to the newer version anyway, and a turn it superseded is over or fires
 * again with the newer version).
 *
 * It is the one bus for the news of a commit: besides the subscriptions' fan-out, `committed` tells this
 * instance's workers (`onCommitted`: bot driver, turn timers, webhook dispatcher, metrics) of each move
 * it committed, with the game's row and the outbox rows written.
 */
import type { Commit } from '../store/commit-feed.js';
import type { GameRow } from '../store/event-store.js';
import { Channel } from './channel.js';
import { LruCache } from './game-state.js';
import { commitOf } from './seats.js';

/** Told of every commit of this instance (the bot driver, turn timers, webhooks, metrics), with its outbox rows. */
export type CommitListener = (game: GameRow, deliveries: number) => void;

export interface MoveCommitted {
  readonly gameId: string;
  readonly seq: number;
}

/** A game's seats or status changed: a join, a bot seated, the start, an abort. */
export interface GameChanged {
  readonly gameId: string;
}

export interface TurnStarted {
  readonly playerId: string;
  readonly gameId: string;
  readonly seat: number;
  readonly version: number;
}

/** Carries commits to the other instances (src/store/commit-feed.ts). */
export interface CommitRelay {
  announce(commit: Commit): void;
}

/** Games whose latest fanned-out version is remembered (far more than are moving at any instant). */
const VERSIONS_KEPT = 20_000;

/**
 * Listeners by id (a game's or a player's). Plain maps keyed by the id itself: a commit finds its
 * listeners without building and interning a topic string, and builds no event when nobody listens.
 */
class Topics<T> {
  private readonly listeners = new Map<string, Set<(event: T) => void>>();

  has(id: string): boolean {
    return this.listeners.has(id);
  }

  emit(id: string, event: T): void {
    // Safe to iterate live: a listener only queues the event (Channel.push), it never (un)subscribes here.
    for (const listener of this.listeners.get(id) ?? []) listener(event);
  }

  /** Events of `id` from now on; listening starts at once, before the first `next()`. */
  listen(id: string): Channel<T> {
    const listener = (event: T) => channel.push(event);
    const channel: Channel<T> = new Channel<T>(() => {
      const listeners = this.listeners.get(id);
      listeners?.delete(listener);
      if (listeners?.size === 0) this.listeners.delete(id);
    });
    let listeners = this.listeners.get(id);
    if (!listeners) this.listeners.set(id, (listeners = new Set()));
    listeners.add(listener);
    return channel;
  }

  count(): number {
    let total = 0;
    for (const listeners of this.listeners.values()) total += listeners.size;
    return total;
  }

  ids(): string[] {
    return [...this.listeners.keys()];
  }
}

export class GameEvents {
  private readonly gameTopics = new Topics<MoveCommitted>();
  private readonly playerTopics = new Topics<TurnStarted>();
  private readonly changeTopics = new Topics<GameChanged>();
  private readonly fannedOut = new LruCache<number>(VERSIONS_KEPT);
  private readonly remoteListeners: ((commit: Commit) => void)[] = [];
  private readonly commitListeners: CommitListener[] = [];

  constructor(private readonly relay?: CommitRelay) {}

  /** A commit of this instance: to local listeners now, and through the relay to the other instances. */
  publish(commit: Commit): void {
    this.fanOut(commit);
    this.relay?.announce(commit);
  }

  /** A move (or resignation, adjudication) this instance committed: the fan-out, then this instance's workers. */
  committed(game: GameRow, deliveries: number): void {
    this.publish(commitOf(game));
    for (const listener of this.commitListeners) listener(game, deliveries);
  }

  /** Every commit of this instance, with its row and the number of outbox rows it wrote. */
  onCommitted(listener: CommitListener): void {
    this.commitListeners.push(listener);
  }

  /** A commit another instance announced. */
  receive(commit: Commit): void {
    this.fanOut(commit);
    for (const listener of this.remoteListeners) listener(commit);
  }

  /** Commits of other instances (caches drop what they make stale). */
  onRemoteCommit(listener: (commit: Commit) => void): void {
    this.remoteListeners.push(listener);
  }

  /** Committed moves of one game from now on; listening starts at once, before the first `next()`. */
  moves(gameId: string): Channel<MoveCommitted> {
    return this.gameTopics.listen(gameId);
  }

  /** Changes of one game's seats or status (a join, a bot, the start, an abort) from now on. */
  changes(gameId: string): Channel<GameChanged> {
    return this.changeTopics.listen(gameId);
  }

  turns(playerId: string): Channel<TurnStarted> {
    return this.playerTopics.listen(playerId);
  }

  listenerCount(): number {
    return this.gameTopics.count() + this.playerTopics.count() + this.changeTopics.count();
  }

  /** The games and players someone here listens to (what a resync after a lost feed must look at). */
  watched(): { games: string[]; players: string[] } {
    return { games: this.gameTopics.ids(), players: this.playerTopics.ids() };
  }

  private fanOut(commit: Commit): void {
    const { gameId, seq } = commit;
    // Seating is no move: it says only that the summary changed, and never holds a move back.
    if (commit.seating || seq === 0) {
      if (this.changeTopics.has(gameId)) this.changeTopics.emit(gameId, { gameId });
      if (commit.seating) return;
    }
    const previous = this.fannedOut.get(gameId);
    if (previous !== undefined && seq <= previous) return;
    this.fannedOut.set(gameId, seq);
    if (this.gameTopics.has(gameId)) this.gameTopics.emit(gameId, { gameId, seq });
    for (const { playerId, seat } of commit.turns) {
      if (this.playerTopics.has(playerId)) this.playerTopics.emit(playerId, { playerId, seat, gameId, version: seq });
    }
  }
}
