/** GraphQL resolvers: thin adapters over the service layer (no rules, no SQL). */
import { GraphQLScalarType, Kind, type ValueNode } from 'graphql';

type Maybe<T> = T | null | undefined;
import type { MercuriusContext } from 'mercurius';
import { describeGameType } from '../http/routes/game-types.js';
import { closable } from '../service/channel.js';
import type { GameEvents, TurnStarted } from '../service/game-events.js';
import { movesSince } from '../service/move-stream.js';
import { currentLocale, iterateInLocale, withLocale } from '../service/locale-context.js';
import { pickLocale } from '../service/locales.js';
import type { Caller, GameService, GameSummary, MoveRecord, MoveResult } from '../service/game-service.js';
import type { GameStatus } from '../store/event-store.js';
import type { PlayerService } from '../service/players.js';
import type { RequestBudget } from './limits.js';
import { decodeVersionCursor } from '../service/pagination.js';
import { ServiceError } from '../service/errors.js';

/** A `lang` argument's locale when it names a served one, else the request's (Accept-Language). */
const argLocale = (lang: string | null | undefined): string => (lang ? pickLocale(undefined, lang) : currentLocale());

declare module 'mercurius' {
  interface MercuriusContext {
    player: Caller;
    /** The wall-clock budget of the request (or of one subscription event). */
    budget?: RequestBudget;
  }
}

/** Expensive work goes through the request's budget, one piece at a time. */
export const budgeted = <T>(ctx: MercuriusContext, work: () => Promise<T>): Promise<T> => (ctx.budget ? ctx.budget.run(work) : work());

/** A JSON literal, with variables inside it taken from the request (`{ seat: $seat }`). */
function literal(node: ValueNode, variables?: Maybe<{ readonly [name: string]: unknown }>): unknown {
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
      return node.values.map((value) => literal(value, variables));
    case Kind.OBJECT:
      return Object.fromEntries(node.fields.map((f) => [f.name.value, literal(f.value, variables)]));
    case Kind.VARIABLE:
      return variables?.[node.name.value];
  }
}

const JSONScalar = new GraphQLScalarType({
  name: 'JSON',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: literal,
});

/** Every list pages alike: `cursor` (the previous page's nextCursor) and `limit`. */
interface PageArgs {
  cursor?: string | null;
  limit?: number | null;
}

export function createResolvers(games: GameService, players: PlayerService, events: GameEvents) {
  const gameFields = {
    view: (game: GameSummary, { at }: { at?: number | null }, ctx: MercuriusContext) =>
      budgeted(ctx, () => games.view(ctx.player, game.id, at ?? undefined)),
    legalMoves: (game: GameSummary, { seat }: { seat?: number | null }, ctx: MercuriusContext) =>
      budgeted(ctx, async () => (await games.legalMoves(ctx.player, game.id, seat ?? undefined)).moves),
    legalMoveFamilies: (game: GameSummary, { seat }: { seat?: number | null }, ctx: MercuriusContext) =>
      budgeted(ctx, async () => (await games.legalMoves(ctx.player, game.id, seat ?? undefined)).families),
    undoable: (game: GameSummary, { seat }: { seat?: number | null }, ctx: MercuriusContext) =>
      budgeted(ctx, async () => (await games.legalMoves(ctx.player, game.id, seat ?? undefined)).undoable),
    history: (game: GameSummary, args: PageArgs & { after?: number | null; first?: number | null; lang?: string | null }, ctx: MercuriusContext) =>
      withLocale(argLocale(args.lang), () =>
        budgeted(ctx, () => games.history(ctx.player, game.id, args.cursor ? decodeVersionCursor(args.cursor) : (args.after ?? undefined), args.limit ?? args.first ?? undefined)),
      ),
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
      games: (_: unknown, args: PageArgs & { type?: string; status?: GameStatus; player?: string; after?: string; first?: number }) => {
        const cursor = args.cursor ?? args.after;
        const limit = args.limit ?? args.first;
        return games.listGames({
          ...(args.type ? { type: args.type } : {}),
          ...(args.status ? { status: args.status } : {}),
          ...(args.player ? { playerId: args.player } : {}),
          ...(cursor ? { cursor } : {}),
          ...(limit ? { limit } : {}),
        });
      },
      game: async (_: unknown, { id }: { id: string }) => {
        try {
          return await games.getGame(id);
        } catch (error) {
          if ((error as { code?: string }).code === 'GAME_NOT_FOUND') return null;
          throw error;
        }
      },
      myTurn: (_: unknown, args: PageArgs, ctx: MercuriusContext) =>
        games.myTurn(ctx.player, { cursor: args.cursor ?? undefined, limit: args.limit ?? undefined }),
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
      undoMove: (_: unknown, { id, seat, expectedVersion }: { id: string; seat?: number | null; expectedVersion?: number | null }, ctx: MercuriusContext) =>
        games.undo(ctx.player, id, { seat: seat ?? undefined, expectedVersion: expectedVersion ?? undefined }),
    },
    Subscription: {
      gameMoves: {
        subscribe: async (_: unknown, { id, fromVersion, lang }: { id: string; fromVersion?: number | null; lang?: string | null }, ctx: MercuriusContext) => {
          const game = await games.getGame(id); // unknown games fail here, before anything listens
          const source = events.moves(id);
          const start = fromVersion ?? game.version;
          const locale = argLocale(lang);
          return closable(source, (committed) => iterateInLocale(locale, movesSince(games, ctx.player, id, start, committed)));
        },
        resolve: (record: MoveRecord) => record,
      },
      gameUpdated: {
        subscribe: async (_: unknown, { id }: { id: string }) => {
          await games.getGame(id); // unknown games fail here, before anything listens
          return closable(events.changes(id), async function* (changes) {
            // First the summary as it is now: a change made while the subscriber connected is not lost.
            yield await games.getGame(id);
            for await (const _change of changes) yield await games.getGame(id);
          });
        },
        resolve: (game: GameSummary) => game,
      },
      myTurn: {
        subscribe: (_: unknown, __: unknown, ctx: MercuriusContext) => {
          if (!ctx.player) throw new ServiceError('UNAUTHENTICATED', 'this needs a bearer token');
          return events.turns(ctx.player.id);
        },
        resolve: (event: TurnStarted) => event,
      },
    },
  };
}

function withoutNulls<T extends object>(args: T): T {
  return Object.fromEntries(Object.entries(args).filter(([, v]) => v !== null)) as T;
}
