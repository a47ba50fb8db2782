/**
 * In-process fan-out of committed moves, for GraphQL subscriptions. Events carry only identifiers and
 * the sequence number: each subscriber reads and redacts what it may see, so nothing secret travels
 * through here. (Several instances would feed this from Postgres LISTEN/NOTIFY; one instance needs no more.)
 */
import { EventEmitter } from 'node:events';
import { Channel } from './channel.js';

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

export class GameEvents {
  private readonly emitter = new EventEmitter();

  constructor() {
    // Every subscriber is a listener; thousands of them on one game are expected, not a leak.
    this.emitter.setMaxListeners(0);
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

  private listen<T>(topic: string): Channel<T> {
    const listener = (event: T) => channel.push(event);
    const channel: Channel<T> = new Channel<T>(() => this.emitter.off(topic, listener));
    this.emitter.on(topic, listener);
    return channel;
  }
}
