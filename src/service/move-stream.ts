/**
 * A game's moves as a stream for one reader (the GraphQL subscription and the SSE stream): first those
 * already in the log after a version, then each new one as it commits, every one read through the
 * history so that it is redacted for this reader exactly as their history shows it.
 */
import type { MoveCommitted } from './game-events.js';
import type { Caller, GameService, MoveRecord } from './game-service.js';

/** Every move after version `start`, once and in order; `committed` says when to read again. */
export async function* movesSince(
  games: GameService,
  caller: Caller,
  gameId: string,
  start: number,
  committed: AsyncIterable<MoveCommitted>,
): AsyncGenerator<MoveRecord> {
  let last = start;
  const drain = async function* () {
    for (;;) {
      const page = await games.history(caller, gameId, last, 100);
      for (const record of page.items) {
        last = record.seq;
        yield record;
      }
      if (page.nextCursor === null) return;
    }
  };
  yield* drain();
  for await (const event of committed) {
    if (event.seq > last) yield* drain();
  }
}
