/**
 * REST streams without WebSockets, as Server-Sent Events (@fastify/sse): a game's moves, its summary's
 * changes before play (the GraphQL `gameUpdated` subscription's signal), and a player's turns. Both are fed by the same fan-out (GameEvents) as the GraphQL subscriptions, and
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
import { GameId, LangQuery } from '../schemas.js';
import { currentLocale, iterateInLocale } from '../../service/locale-context.js';
import { merged, type TableEvents, type TableNotice } from '../../service/table-events.js';
import type { Player } from '../../service/players.js';
import { errors, tokenOptional, tokenRequired } from '../docs.js';
import type { ConnectionCaps } from '../connection-caps.js';

const eventStream = (description: string) => ({
  description,
  content: { 'text/event-stream': { schema: Type.String({ description: 'a stream of Server-Sent Events' }) } },
});

const ResumeQuery = Type.Object({
  lang: Type.Optional(LangQuery),
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

export const eventRoutes: FastifyPluginAsyncTypebox<{ games: GameService; events: GameEvents; tokens: TokenService; caps: ConnectionCaps; onStream?: StreamCounter; notices?: PlayerNotices }> = async (app, { games, events, tokens, caps, onStream, notices }) => {
  // Open streams end when the service shuts down (otherwise close would wait for every client to leave).
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const close of open) close();
  });

  /** Streams `source` to the caller until either side ends it. */
  async function stream<T>(kind: 'game' | 'me', request: FastifyRequest, reply: FastifyReply, source: AsyncIterableIterator<T>, toMessage: (item: T) => Promise<SSEMessage> | SSEMessage): Promise<void> {
    let release: () => void;
    try {
      release = caps.openStream(request); // per token, per address, in all: a refusal is a 429/503 before any header
    } catch (error) {
      void source.return?.();
      throw error;
    }
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
      reply.sse.sendHeaders();
      reply.raw.flushHeaders(); // the client knows at once that it is listening, not at the first heartbeat
      for await (const item of source) {
        if (!reply.sse.isConnected) break;
        await reply.sse.send(await toMessage(item));
      }
      const reason = ended as ServiceError | null;
      if (reason && reply.sse.isConnected) await reply.sse.send({ event: 'end', data: { error: { code: reason.code, message: reason.message } } });
    } finally {
      release();
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
      response: { 200: eventStream('An event stream of moves'), ...errors(404, 429, 503) },
    },
  }, async (request, reply) => {
    const game = await games.getGame(request.params.id); // an unknown game is a 404 before the stream opens
    const start = resumeVersion(request.headers['last-event-id'], request.query.lastEventId, game.version);
    const source = events.moves(game.id);
    // Each move read in the request's locale (?lang= or Accept-Language), however the stream is pulled.
    const locale = currentLocale();
    const moves = closable(source, (committed) => iterateInLocale(locale, movesSince(games, request.player, game.id, start, committed)));
    await stream('game', request, reply, moves, (record) => ({ id: String(record.seq), event: 'move', data: record }));
  });

  app.get('/games/:id/updates', {
    sse: 'manual',
    exposeHeadRoute: false, // a HEAD would open a stream that never ends
    schema: {
      operationId: 'streamGameUpdates', tags: ['games'], security: tokenOptional,
      summary: "The game's summary now, then each time its seats or status change outside moves, as Server-Sent Events",
      description:
        'The same signal as the GraphQL subscription `gameUpdated`: a first event `game` with the summary (as GET /v1/games/{id}) as JSON data, ' +
        'then one more each time a seat fills, a bot is seated, the game starts or is aborted. A waiting page listens here instead of polling. ' +
        'Events carry no id: a reconnection starts with the summary as it is then. Moves come on /v1/games/{id}/events. ' +
        'When the token is revoked or expires, a last event `end` gives the reason and the stream closes.',
      params: GameId,
      response: { 200: eventStream('An event stream of game summaries'), ...errors(404) },
    },
  }, async (request, reply) => {
    const id = (await games.getGame(request.params.id)).id; // an unknown game is a 404 before the stream opens
    const updates = closable(events.changes(id), async function* (changes) {
      // First the summary as it is now: a change made while the client connected is not lost.
      yield await games.getGame(id);
      for await (const _change of changes) yield await games.getGame(id);
    });
    await stream('game', request, reply, updates, (summary) => ({ event: 'game', data: summary }));
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
      response: { 200: eventStream('An event stream of turn notifications'), ...errors(401, 429, 503) },
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
