/**
 * The fan-out of table notices (challenges, matches, nudges to a player; chat messages of a game) to this
 * process's listeners: SSE streams and GraphQL subscriptions. Local notices go to the listeners here and
 * through the relay (src/store/table-feed.ts) to the other instances. Notices carry identifiers only.
 */
import type { TableNotice } from '../store/table-feed.js';
import { Channel } from './channel.js';

export type { TableNotice } from '../store/table-feed.js';

export interface TableRelay {
  announce(notice: TableNotice): Promise<void>;
}

class Listeners {
  private readonly byId = new Map<string, Set<Channel<TableNotice>>>();

  listen(id: string): Channel<TableNotice> {
    const channel: Channel<TableNotice> = new Channel<TableNotice>(() => {
      const set = this.byId.get(id);
      set?.delete(channel);
      if (set?.size === 0) this.byId.delete(id);
    });
    let set = this.byId.get(id);
    if (!set) this.byId.set(id, (set = new Set()));
    set.add(channel);
    return channel;
  }

  emit(id: string, notice: TableNotice): void {
    for (const channel of this.byId.get(id) ?? []) channel.push(notice);
  }
}

export class TableEvents {
  private readonly players = new Listeners();
  private readonly chats = new Listeners();

  constructor(private readonly relay?: TableRelay) {}

  /** A notice made here: to the listeners here, and to the other instances. */
  async publish(notice: TableNotice): Promise<void> {
    this.receive(notice);
    await this.relay?.announce(notice);
  }

  /** A notice another instance made. */
  receive(notice: TableNotice): void {
    if (notice.playerId) this.players.emit(notice.playerId, notice);
    else this.chats.emit(notice.gameId, notice);
  }

  /** Notices to one player (challenges, matches, nudges) from now on. */
  forPlayer(playerId: string): Channel<TableNotice> {
    return this.players.listen(playerId);
  }

  /** Chat messages posted in one game from now on (each listener reads only what it may see). */
  chat(gameId: string): Channel<TableNotice> {
    return this.chats.listen(gameId);
  }
}

/** Both channels' items in one iterator, in arrival order; closing it closes both. */
export function merged<A, B>(a: Channel<A>, b: Channel<B>): Channel<A | B> {
  const out: Channel<A | B> = new Channel<A | B>(() => {
    a.close();
    b.close();
  });
  const pump = async (source: Channel<A> | Channel<B>) => {
    for await (const item of source) out.push(item);
    out.close();
  };
  void pump(a);
  void pump(b);
  return out;
}
