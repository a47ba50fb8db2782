/** GraphQL resolvers: thin adapters over the service layer (no rules, no SQL). */
import { GraphQLScalarType, Kind, type ValueNode } from 'graphql';
import type { MercuriusContext } from 'mercurius';
import { describeGameType } from '../http/routes/game-types.js';
import { closable } from '../service/channel.js';
import type { GameEvents, MoveCommitted, TurnStarted } from '../service/game-events.js';
import type { Caller, GameService, GameSummary, MoveRecord, MoveResult } from '../service/game-service.js';
import type { GameStatus } from '../store/event-store.js';
import type { PlayerService } from '../service/players.js';

declare module 'mercurius' {
  interface MercuriusContext {
    player: Caller;
  }
}

function literal(node: ValueNode): unknown {
  switch (node.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
    case Kind.ENUM:
      return node.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(node.value);
    case Kind.NULL:
      return null;
    case Kind.LIST:
      return node.values.map(literal);
    case Kind.OBJECT:
      return Object.fromEntries(node.fields.map((f) => [f.name.value, literal(f.value)]));
    case Kind.VARIABLE:
      throw new TypeError('JSON literals cannot contain variables');
  }
}

const JSONScalar = new GraphQLScalarType({
  name: 'JSON',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: literal,
});

export function createResolvers(games: GameService, players: PlayerService, events: GameEvents) {
  const gameFields = {
    view: (game: GameSummary, { at }: { at?: number | null }, ctx: MercuriusContext) =>
      games.view(ctx.player, game.id, at ?? undefined),
    legalMoves: async (game: GameSummary, { seat }: { seat?: number | null }, ctx: MercuriusContext) =>
      (await games.legalMoves(ctx.player, game.id, seat ?? undefined)).moves,
    legalMoveFamilies: async (game: GameSummary, { seat }: { seat?: number | null }, ctx: MercuriusContext) =>
      (await games.legalMoves(ctx.player, game.id, seat ?? undefined)).families,
    history: (game: GameSummary, args: { after?: number | null; first?: number | null }, ctx: MercuriusContext) =>
      games.history(ctx.player, game.id, args.after ?? 0, args.first ?? undefined),
  };

  return {
    JSON: JSONScalar,
    Game: gameFields,
    MoveResult: { game: (result: MoveResult) => games.getGame(result.gameId) },
    TurnEvent: { game: (event: TurnStarted) => games.getGame(event.gameId) },
    GameType: {
      minPlayers: (t: ReturnType<typeof describeGameType>) => t.players.min,
      maxPlayers: (t: ReturnType<typeof describeGameType>) => t.players.max,
    },
    Query: {
      gameTypes: () => [...games.registry.values()].map(describeGameType),
      gameType: (_: unknown, { id }: { id: string }) => {
        const game = games.registry.get(id);
        return game ? describeGameType(game) : null;
      },
      me: (_: unknown, __: unknown, ctx: MercuriusContext) => ctx.player,
      games: (_: unknown, args: { type?: string; status?: GameStatus; player?: string; after?: string; first?: number }) =>
        games.listGames({
          ...(args.type ? { type: args.type } : {}),
          ...(args.status ? { status: args.status } : {}),
          ...(args.player ? { playerId: args.player } : {}),
          ...(args.after ? { cursor: args.after } : {}),
          ...(args.first ? { limit: args.first } : {}),
        }),
      game: async (_: unknown, { id }: { id: string }) => {
        try {
          return await games.getGame(id);
        } catch (error) {
          if ((error as { code?: string }).code === 'GAME_NOT_FOUND') return null;
          throw error;
        }
      },
      myTurn: (_: unknown, { first }: { first?: number }, ctx: MercuriusContext) => games.myTurn(ctx.player, first),
    },
    Mutation: {
      register: (_: unknown, { name }: { name: string }) => players.register(name),
      createGame: (_: unknown, args: Parameters<GameService['createGame']>[1], ctx: MercuriusContext) =>
        games.createGame(ctx.player, withoutNulls(args)),
      joinGame: (_: unknown, { id, seat }: { id: string; seat?: number | null }, ctx: MercuriusContext) =>
        games.joinGame(ctx.player, id, seat ?? undefined),
      addBot: (_: unknown, { id, seat, level }: { id: string; seat: number; level: string }, ctx: MercuriusContext) =>
        games.addBot(ctx.player, id, seat, level),
      startGame: (_: unknown, { id }: { id: string }, ctx: MercuriusContext) => games.startGame(ctx.player, id),
      abortGame: (_: unknown, { id }: { id: string }, ctx: MercuriusContext) => games.abortGame(ctx.player, id),
      move: (
        _: unknown,
        args: { id: string; move: unknown; seat?: number | null; expectedVersion?: number | null; idempotencyKey?: string | null },
        ctx: MercuriusContext,
      ) =>
        games.submitMove(ctx.player, args.id, {
          move: args.move,
          seat: args.seat ?? undefined,
          expectedVersion: args.expectedVersion ?? undefined,
          idempotencyKey: args.idempotencyKey ?? undefined,
        }),
      resign: (_: unknown, { id, seat }: { id: string; seat?: number | null }, ctx: MercuriusContext) =>
        games.resign(ctx.player, id, seat ?? undefined),
    },
    Subscription: {
      gameMoves: {
        subscribe: async (_: unknown, { id, fromVersion }: { id: string; fromVersion?: number | null }, ctx: MercuriusContext) => {
          const game = await games.getGame(id); // unknown games fail here, before anything listens
          const source = events.moves(id);
          const start = fromVersion ?? game.version;
          return closable(source, (committed) => movesSince(games, ctx.player, id, start, committed));
        },
        resolve: (record: MoveRecord) => record,
      },
      myTurn: {
        subscribe: (_: unknown, __: unknown, ctx: MercuriusContext) => {
          if (!ctx.player) throw Object.assign(new Error('this needs a bearer token'), { code: 'UNAUTHENTICATED' });
          return events.turns(ctx.player.id);
        },
        resolve: (event: TurnStarted) => event,
      },
    },
  };
}

/**
 * Every move after `start`, once: first those already in the log, then each new one as it commits,
 * read through the history so that it is redacted for this subscriber.
 */
async function* movesSince(
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

function withoutNulls<T extends object>(args: T): T {
  return Object.fromEntries(Object.entries(args).filter(([, v]) => v !== null)) as T;
}
