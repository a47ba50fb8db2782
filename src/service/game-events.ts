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
 */
import { EventEmitter } from 'node:events';
import type { Commit } from '../store/commit-feed.js';
import { Channel } from './channel.js';
import { LruCache } from './game-state.js';

export interface MoveCommitted {
  readonly gameId: string;
  readonly seq: number;
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

export class GameEvents {
  private readonly emitter = new EventEmitter();
  private readonly fannedOut = new LruCache<number>(VERSIONS_KEPT);
  private readonly remoteListeners: ((commit: Commit) => void)[] = [];

  constructor(private readonly relay?: CommitRelay) {
    // Every subscriber is a listener; thousands of them on one game are expected, not a leak.
    this.emitter.setMaxListeners(0);
  }

  /** A commit of this instance: to local listeners now, and through the relay to the other instances. */
  publish(commit: Commit): void {
    this.fanOut(commit);
    this.relay?.announce(commit);
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

  moveCommitted(event: MoveCommitted): void {
    this.emitter.emit(`game:${event.gameId}`, event);
  }

  turnStarted(event: TurnStarted): void {
    this.emitter.emit(`player:${event.playerId}`, event);
  }

  /** Committed moves of one game from now on; listening starts at once, before the first `next()`. */
  moves(gameId: string): Channel<MoveCommitted> {
    return this.listen<MoveCommitted>(`game:${gameId}`);
  }

  turns(playerId: string): Channel<TurnStarted> {
    return this.listen<TurnStarted>(`player:${playerId}`);
  }

  listenerCount(): number {
    return this.emitter.eventNames().reduce((n, name) => n + this.emitter.listenerCount(name), 0);
  }

  /** The games and players someone here listens to (what a resync after a lost feed must look at). */
  watched(): { games: string[]; players: string[] } {
    const names = this.emitter.eventNames().filter((name): name is string => typeof name === 'string');
    const ids = (prefix: string) => names.filter((n) => n.startsWith(prefix)).map((n) => n.slice(prefix.length));
    return { games: ids('game:'), players: ids('player:') };
  }

  private fanOut(commit: Commit): void {
    const previous = this.fannedOut.get(commit.gameId);
    if (previous !== undefined && commit.seq <= previous) return;
    this.fannedOut.set(commit.gameId, commit.seq);
    this.moveCommitted({ gameId: commit.gameId, seq: commit.seq });
    for (const turn of commit.turns) this.turnStarted({ ...turn, gameId: commit.gameId, version: commit.seq });
  }

  private listen<T>(topic: string): Channel<T> {
    const listener = (event: T) => channel.push(event);
    const channel: Channel<T> = new Channel<T>(() => this.emitter.off(topic, listener));
    this.emitter.on(topic, listener);
    return channel;
  }
}
