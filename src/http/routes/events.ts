/**
 * REST streams without WebSockets, as Server-Sent Events (@fastify/sse): a game's moves and a
 * player's turns. Both are fed by the same fan-out (GameEvents) as the GraphQL subscriptions, and
 * each move is read through the history, so it is redacted for the caller exactly as there.
 * `id:` of a move event is the game's version after it: a reconnecting client's Last-Event-ID (or
 * ?lastEventId=) resumes from any version, the missed moves replayed from the log.
 * A stream opened with a token ends as soon as that token is revoked (on any instance) or expires: a
 * last event `end` carries the reason in Portolan's error shape (TOKEN_REVOKED, TOKEN_EXPIRED).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SSEMessage } from '@fastify/sse';
import { Type } from 'typebox';
import { closable } from '../../service/channel.js';
import { ServiceError } from '../../service/errors.js';
import type { GameEvents } from '../../service/game-events.js';
import type { GameService } from '../../service/game-service.js';
import type { TokenService } from '../../service/tokens.js';
import { movesSince } from '../../service/move-stream.js';
import { merged, type TableEvents, type TableNotice } from '../../service/table-events.js';
import type { Player } from '../../service/players.js';
import { GameId } from '../schemas.js';
import { errors, tokenOptional, tokenRequired } from '../docs.js';

const eventStream = (description: string) => ({
  description,
  content: { 'text/event-stream': { schema: Type.String({ description: 'a stream of Server-Sent Events' }) } },
});

const ResumeQuery = Type.Object({
  lastEventId: Type.Optional(Type.String({ description: 'resume after this version, like the Last-Event-ID header (which wins)' })),
});

/** The version to resume after: Last-Event-ID, else ?lastEventId=, else now (only new moves). */
function resumeVersion(header: string | string[] | undefined, query: string | undefined, current: number): number {
  const given = (typeof header === 'string' ? header : undefined) ?? query;
  if (given === undefined || given === '') return current;
  const version = /^\d{1,9}$/.test(given) ? Number(given) : NaN;
  if (!(version <= current)) throw new ServiceError('BAD_REQUEST', `Last-Event-ID must be a version between 0 and ${current}`);
  return version;
}

/** Told when a stream opens (+1) and ends (-1): the metrics' open-stream gauge. */
type StreamCounter = (stream: 'game' | 'me', delta: 1 | -1) => void;

/** The table's notices to a player (challenges, matches, nudges) on their stream: the source and what each says. */
export interface PlayerNotices {
  readonly events: TableEvents;
  readonly describe: (player: Player, notice: TableNotice) => Promise<unknown>;
}

export const eventRoutes: FastifyPluginAsyncTypebox<{ games: GameService; events: GameEvents; tokens: TokenService; onStream?: StreamCounter; notices?: PlayerNotices }> = async (app, { games, events, tokens, onStream, notices }) => {
  // Open streams end when the service shuts down (otherwise close would wait for every client to leave).
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const close of open) close();
  });

  /** Streams `source` to the caller until either side ends it. */
  async function stream<T>(kind: 'game' | 'me', request: FastifyRequest, reply: FastifyReply, source: AsyncIterableIterator<T>, toMessage: (item: T) => Promise<SSEMessage> | SSEMessage): Promise<void> {
    const end = () => void source.return?.();
    open.add(end);
    reply.sse.onClose(end);
    onStream?.(kind, 1);
    let ended: ServiceError | null = null;
    const unwatch = request.grant
      ? tokens.watch(request.grant, (reason) => {
          ended = reason;
          end();
        })
      : () => undefined;
    try {
      reply.sse.sendHeaders(); // the client knows at once that it is listening
      for await (const item of source) {
        if (!reply.sse.isConnected) break;
        await reply.sse.send(await toMessage(item));
      }
      const reason = ended as ServiceError | null;
      if (reason && reply.sse.isConnected) await reply.sse.send({ event: 'end', data: { error: { code: reason.code, message: reason.message } } });
    } finally {
      onStream?.(kind, -1);
      unwatch();
      open.delete(end);
      end();
    }
  }

  app.get('/games/:id/events', {
    sse: 'manual',
    exposeHeadRoute: false, // a HEAD would open a stream that never ends
    schema: {
      operationId: 'streamGameEvents', tags: ['games'], security: tokenOptional,
      summary: "The game's moves as Server-Sent Events, each redacted for the caller",
      description:
        'Each committed move is an event `move` with `id:` = the version after it and the move record (as in the history) as JSON data. ' +
        'Reconnecting with Last-Event-ID (or ?lastEventId=) replays every move after that version first; without either, only new moves come. ' +
        'Comments (`: heartbeat`) keep the connection alive. When the token is revoked or expires, a last event `end` gives the reason and the stream closes.',
      params: GameId, querystring: ResumeQuery,
      response: { 200: eventStream('An event stream of moves'), ...errors(404) },
    },
  }, async (request, reply) => {
    const game = await games.getGame(request.params.id); // an unknown game is a 404 before the stream opens
    const start = resumeVersion(request.headers['last-event-id'], request.query.lastEventId, game.version);
    const source = events.moves(game.id);
    const moves = closable(source, (committed) => movesSince(games, request.player, game.id, start, committed));
    await stream('game', request, reply, moves, (record) => ({ id: String(record.seq), event: 'move', data: record }));
  });

  app.get('/me/events', {
    sse: 'manual',
    exposeHeadRoute: false, // a HEAD would open a stream that never ends
    schema: {
      operationId: 'streamMyEvents', tags: ['players'], security: tokenRequired,
      summary: 'Your turn notifications as Server-Sent Events',
      description:
        'An event `turn` each time it becomes your turn in one of your games, with `{ gameId, seat, version, game }` as JSON data. ' +
        'The table\'s notices come on it too: `challenge` (a challenge for you, or one of yours declined or cancelled; data: the challenge), `match` (a seek of yours was matched; data: the seek with its gameId) and `nudge` (an opponent nudged you; data: `{ gameId }`). ' +
        'It carries no id: on (re)connecting, GET /v1/me/turns tells which games await you. ' +
        'When the token is revoked or expires, a last event `end` gives the reason and the stream closes.',
      response: { 200: eventStream('An event stream of turn notifications'), ...errors(401) },
    },
  }, async (request, reply) => {
    const player = request.player;
    if (!player) throw new ServiceError('UNAUTHENTICATED', 'this needs a bearer token');
    const turns = events.turns(player.id);
    const source = notices ? merged(turns, notices.events.forPlayer(player.id)) : turns;
    await stream('me', request, reply, source, async (item) => {
      if ('kind' in item) return { event: item.kind, data: await notices!.describe(player, item) };
      return { event: 'turn', data: { ...item, game: await games.getGame(item.gameId) } };
    });
  });
};
