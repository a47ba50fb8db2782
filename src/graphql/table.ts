/**
 * GraphQL at the table (docs/table.md): challenges, seeks and chat, as REST has them, and the caller's
 * table notices as a subscription. Thin adapters over the services; the SDL extends ./schema.ts.
 */
import type { MercuriusContext } from 'mercurius';
import type { ChallengeService, Invitee } from '../service/challenges.js';
import type { SeekService } from '../service/seeks.js';
import type { ChatService } from '../service/chat.js';
import type { VisitService } from '../service/visits.js';
import type { VacationService } from '../service/vacations.js';
import { closable } from '../service/channel.js';
import { ServiceError } from '../service/errors.js';
import type { TableEvents, TableNotice } from '../service/table-events.js';

export const tableSchema = `
  type ChallengeSeat {
    seat: Int!
    player: Player
    "Taken with the link code rather than reserved for a named player."
    open: Boolean!
    "open, invited, accepted or declined."
    status: String!
    reason: String
  }

  type Challenge {
    "The challenge's id, which is its game's id."
    id: ID!
    gameId: ID!
    type: String!
    seatCount: Int!
    options: JSON
    clock: JSON
    createdBy: Player!
    "pending, accepted, declined, cancelled or expired."
    status: String!
    reason: String
    "The link code (its creator only): anyone with it may take an open seat."
    code: String
    expiresAt: String!
    createdAt: String!
    seats: [ChallengeSeat!]!
  }

  "A player a challenge invites: by player id, or by the id your app knows them by."
  input InviteeInput {
    playerId: ID
    externalId: String
  }

  extend type Query {
    "Your pending challenges: made by you or waiting for you."
    myChallenges: [Challenge!]!
    "A challenge by id (its players) or by link code."
    challenge(ref: String!): Challenge
    "Your seeks, newest first (the last 20)."
    mySeeks: [Seek!]!
    "A chat channel of a game, oldest first (players' only for the seated players; default: your own channel)."
    chatMessages(gameId: ID!, channel: String, cursor: String, limit: Int): ChatPage!
    "Your games with moves you have not read yet (the lobby's and my turn's marks)."
    unseenGames: [LastSeen!]!
    "Which version of a game of yours you last read."
    lastSeen(gameId: ID!): LastSeen!
    "Your vacation allowance, and your vacation if you are away."
    myVacation: Vacation!
  }

  type Vacation {
    "Days that may be taken now."
    balanceDays: Float!
    startsAt: String
    "Null when not away."
    endsAt: String
    away: Boolean!
  }

  "Since your last visit: reading your view of the current state records its version."
  type LastSeen {
    gameId: ID!
    version: Int!
    "Null: never read."
    seenVersion: Int
    unseen: Int!
    myTurn: Boolean!
  }

  type ChatMessage {
    "Increasing: pass the last one seen as cursor."
    id: ID!
    gameId: ID!
    "players or spectators."
    channel: String!
    author: Player!
    "Null once deleted."
    body: String
    createdAt: String!
    deleted: Boolean!
  }

  type ChatPage {
    items: [ChatMessage!]!
    nextCursor: String
  }

  type Seek {
    id: ID!
    type: String!
    minSeats: Int!
    maxSeats: Int!
    options: JSON
    clock: JSON
    "Your rating (this game type's ordinal) when you posted it."
    rating: Float!
    minRating: Float
    maxRating: Float
    botsAfterSeconds: Int
    "waiting, matched, cancelled or expired."
    status: String!
    "The game it was matched into."
    gameId: ID
    createdAt: String!
    expiresAt: String!
    matchedAt: String
  }

  extend type Mutation {
    createChallenge(type: String!, seats: Int, options: JSON, clock: TurnClockInput, invite: [InviteeInput!], expiresInSeconds: Int): Challenge!
    "By id, the seat reserved for you; by link code, the first open seat."
    acceptChallenge(ref: String!): Challenge!
    declineChallenge(id: ID!, reason: String): Challenge!
    cancelChallenge(id: ID!): Challenge!
    "Seek a game: matched with compatible waiting players, longest-waiting first."
    createSeek(type: String!, seats: Int, minSeats: Int, maxSeats: Int, options: JSON, clock: TurnClockInput, minRating: Float, maxRating: Float, botsAfterSeconds: Int, expiresInSeconds: Int): Seek!
    cancelSeek(id: ID!): Seek!
    "Say something at a game's table: seated players in the players' channel, everyone else in the spectators'."
    postChatMessage(gameId: ID!, body: String!, channel: String): ChatMessage!
    "Delete your own message."
    deleteChatMessage(id: ID!): ChatMessage!
    "You no longer receive this player's chat messages."
    mutePlayer(playerId: ID!): Boolean!
    unmutePlayer(playerId: ID!): Boolean!
    "Go away for whole days: your turn clocks pause in all your games."
    startVacation(days: Int!): Vacation!
    "Come back early."
    endVacation: Vacation!
  }

  "A notice at the table: kind is challenge, match or nudge; id names the challenge or seek."
  type TableNotice {
    kind: String!
    gameId: ID!
    id: ID!
    "The challenge, for kind challenge."
    challenge: Challenge
  }

  extend type Subscription {
    "Challenges for you (and yours declined or cancelled), your seeks matched, nudges."
    tableNotices: TableNotice!
    "Chat messages of a game as they are posted (or deleted): a seated player's both channels, anyone else's the spectators' only."
    chatMessages(gameId: ID!): ChatMessage!
  }
`;

type Args<T> = { [K in keyof T]: T[K] | null };

const defined = <T extends object>(args: T) => Object.fromEntries(Object.entries(args).filter(([, v]) => v !== null && v !== undefined));

function invitees(list: readonly { playerId?: string | null; externalId?: string | null }[] | null | undefined): Invitee[] {
  return (list ?? []).map((who) => {
    if (who.playerId && !who.externalId) return { playerId: who.playerId };
    if (who.externalId && !who.playerId) return { externalId: who.externalId };
    throw new ServiceError('BAD_REQUEST', 'each invitee gives exactly one of playerId, externalId');
  });
}

export interface TableServices {
  readonly challenges: ChallengeService;
  readonly seeks: SeekService;
  readonly chat: ChatService;
  readonly visits: VisitService;
  readonly vacations: VacationService;
}

export function tableResolvers({ challenges, seeks, chat, visits, vacations }: TableServices, events: TableEvents) {
  return {
    Query: {
      myChallenges: (_: unknown, __: unknown, ctx: MercuriusContext) => challenges.list(ctx.player),
      mySeeks: (_: unknown, __: unknown, ctx: MercuriusContext) => seeks.list(ctx.player),
      unseenGames: (_: unknown, __: unknown, ctx: MercuriusContext) => visits.unseen(ctx.player),
      myVacation: (_: unknown, __: unknown, ctx: MercuriusContext) => vacations.get(ctx.player),
      lastSeen: (_: unknown, { gameId }: { gameId: string }, ctx: MercuriusContext) => visits.lastSeen(ctx.player, gameId),
      chatMessages: (_: unknown, args: { gameId: string; channel?: string | null; cursor?: string | null; limit?: number | null }, ctx: MercuriusContext) =>
        chat.list(ctx.player, args.gameId, args.channel ?? undefined, args.cursor ?? undefined, args.limit ?? undefined),
      challenge: async (_: unknown, { ref }: { ref: string }, ctx: MercuriusContext) => {
        try {
          return await challenges.get(ctx.player, ref);
        } catch (error) {
          if (error instanceof ServiceError && error.code === 'CHALLENGE_NOT_FOUND') return null;
          throw error;
        }
      },
    },
    Mutation: {
      createChallenge: (_: unknown, args: Args<{ type: string; seats: number; options: unknown; clock: unknown; invite: { playerId?: string | null; externalId?: string | null }[]; expiresInSeconds: number }>, ctx: MercuriusContext) =>
        challenges.create(ctx.player, { ...defined({ ...args, invite: undefined }), type: args.type ?? '', invite: invitees(args.invite) }),
      acceptChallenge: (_: unknown, { ref }: { ref: string }, ctx: MercuriusContext) => challenges.accept(ctx.player, ref),
      declineChallenge: (_: unknown, { id, reason }: { id: string; reason?: string | null }, ctx: MercuriusContext) => challenges.decline(ctx.player, id, reason ?? undefined),
      cancelChallenge: (_: unknown, { id }: { id: string }, ctx: MercuriusContext) => challenges.cancel(ctx.player, id),
      createSeek: (_: unknown, args: Args<{ type: string; seats: number; minSeats: number; maxSeats: number; options: unknown; clock: unknown; minRating: number; maxRating: number; botsAfterSeconds: number; expiresInSeconds: number }>, ctx: MercuriusContext) =>
        seeks.create(ctx.player, { ...defined(args), type: args.type ?? '' }),
      cancelSeek: (_: unknown, { id }: { id: string }, ctx: MercuriusContext) => seeks.cancel(ctx.player, id),
      startVacation: (_: unknown, { days }: { days: number }, ctx: MercuriusContext) => vacations.start(ctx.player, days),
      endVacation: (_: unknown, __: unknown, ctx: MercuriusContext) => vacations.end(ctx.player),
      postChatMessage: (_: unknown, args: { gameId: string; body: string; channel?: string | null }, ctx: MercuriusContext) =>
        chat.post(ctx.player, args.gameId, args.body, args.channel ?? undefined),
      deleteChatMessage: (_: unknown, { id }: { id: string }, ctx: MercuriusContext) => chat.deleteOwn(ctx.player, id),
      mutePlayer: async (_: unknown, { playerId }: { playerId: string }, ctx: MercuriusContext) => {
        await chat.mute(ctx.player, playerId);
        return true;
      },
      unmutePlayer: async (_: unknown, { playerId }: { playerId: string }, ctx: MercuriusContext) => {
        await chat.unmute(ctx.player, playerId);
        return true;
      },
    },
    Subscription: {
      chatMessages: {
        subscribe: async (_: unknown, { gameId }: { gameId: string }, ctx: MercuriusContext) => {
          await chat.list(ctx.player, gameId, 'spectators', undefined, 1); // an unknown game fails here, before anything listens
          return closable(events.chat(gameId), async function* (notices) {
            for await (const notice of notices) {
              const message = await chat.readable(ctx.player, notice.id);
              if (message) yield message;
            }
          });
        },
        resolve: (message: unknown) => message,
      },
      tableNotices: {
        subscribe: (_: unknown, __: unknown, ctx: MercuriusContext) => {
          const player = ctx.player;
          if (!player) throw new ServiceError('UNAUTHENTICATED', 'this needs a bearer token');
          return closable(events.forPlayer(player.id), async function* (notices) {
            for await (const notice of notices) {
              const challenge = notice.kind === 'challenge' ? await challenges.get(player, notice.id).catch(() => null) : null;
              yield { kind: notice.kind, gameId: notice.gameId, id: notice.id, challenge };
            }
          });
        },
        resolve: (notice: TableNotice) => notice,
      },
    },
  };
}
