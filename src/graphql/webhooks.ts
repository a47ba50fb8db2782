/**
 * GraphQL for asynchronous play: webhook endpoint management (the same service as /v1/webhooks), and the
 * turn clock and deadlines of a game. The SDL extends the main schema (./schema.ts).
 */
import type { MercuriusContext } from 'mercurius';
import type { WebhookService, WebhookDeliveryView, WebhookEndpointView } from '../webhooks/service.js';

export const asyncPlaySchema = /* GraphQL */ `
  "A game's turn clock, in seconds."
  type TurnClock {
    perMove: Float!
    "Correspondence reserve per seat, spent when a move takes longer than perMove."
    reserve: Float!
    "turn.reminder is sent this long before the deadline."
    reminderBefore: Float!
    "'bot' (the seat's bot moves) or 'forfeit' (the seat resigns) at the deadline."
    onTimeout: String!
  }

  input TurnClockInput {
    perMove: Float!
    reserve: Float
    reminderBefore: Float
    onTimeout: String
  }

  "A running turn deadline."
  type SeatDeadline {
    seat: Int!
    "The game version at which this turn began."
    turnVersion: Int!
    deadlineAt: String!
    reminderAt: String
    reserveSeconds: Float!
  }

  extend type Game {
    "Null for an untimed game."
    clock: TurnClock
    deadlines: [SeatDeadline!]!
  }

  type WebhookEndpoint {
    id: ID!
    url: String!
    "Event types: game.started, move.made, turn.started, turn.reminder, game.finished, challenge.received, chat.message."
    events: [String!]!
    "Only this game when set; otherwise every game where you hold a seat."
    gameId: ID
    description: String
    "The language of the log texts in the bodies: 'en' or 'ja'."
    locale: String!
    enabled: Boolean!
    disabledReason: String
    createdAt: String!
    updatedAt: String!
    "Deliveries, newest first; page with cursor = nextCursor."
    deliveries(status: String, cursor: String, limit: Int, after: String @deprecated(reason: "use cursor"), first: Int @deprecated(reason: "use limit")): WebhookDeliveryPage!
  }

  type WebhookEndpointWithSecret {
    endpoint: WebhookEndpoint!
    "The signing secret (whsec_...), shown only in this answer."
    secret: String!
  }

  type WebhookAttempt {
    attempt: Int!
    at: String!
    "HTTP status; null when no answer came."
    status: Int
    latencyMs: Int!
    error: String
  }

  type WebhookDelivery {
    "The webhook-id header, the same on every attempt."
    id: ID!
    endpointId: ID!
    event: String!
    gameId: ID!
    seq: Int!
    seat: Int
    "pending, delivered or failed."
    status: String!
    attempts: Int!
    nextAttemptAt: String
    lastStatus: Int
    lastLatencyMs: Int
    lastError: String
    createdAt: String!
    deliveredAt: String
    "The body as sent."
    payload: JSON
    attemptLog: [WebhookAttempt!]!
  }

  type WebhookRetry {
    endpointId: ID!
    "Pending deliveries now due."
    pending: Int!
  }

  type WebhookDeliveryPage {
    items: [WebhookDelivery!]!
    nextCursor: String
  }

  extend type Query {
    "Your webhook endpoints."
    webhooks: [WebhookEndpoint!]!
    webhook(id: ID!): WebhookEndpoint
    webhookDelivery(endpointId: ID!, id: ID!): WebhookDelivery
  }

  extend type Mutation {
    "Registers an endpoint; gameId binds it to one game you hold or held a seat in (else NOT_IN_GAME)."
    createWebhook(url: String!, events: [String!]!, gameId: ID, description: String, locale: String): WebhookEndpointWithSecret!
    updateWebhook(id: ID!, url: String, events: [String!], description: String, locale: String, enabled: Boolean): WebhookEndpoint!
    rotateWebhookSecret(id: ID!): WebhookEndpointWithSecret!
    deleteWebhook(id: ID!): Boolean!
    "Sends a delivery again now (same webhook-id and body)."
    redeliverWebhook(endpointId: ID!, deliveryId: ID!): WebhookDelivery!
    "Sends the endpoint's pending deliveries now, in order per game, without waiting for their retry times (after a receiver outage)."
    retryWebhook(id: ID!): WebhookRetry!
  }
`;

const orUndefined = <T>(value: T | null | undefined): T | undefined => (value === null ? undefined : value);

/**
 * Mercurius loaders (batched per request, DataLoader-style): the attempt logs of a page of deliveries are
 * read in one statement, not one per delivery.
 */
export function asyncPlayLoaders(webhooks: WebhookService) {
  return {
    WebhookDelivery: {
      attemptLog: async (queries: { obj: WebhookDeliveryView }[], ctx: MercuriusContext) => {
        const missing = queries.filter((q) => q.obj.attemptLog === undefined).map((q) => q.obj.id);
        const logs = missing.length > 0 ? await webhooks.attemptLogs(ctx.player, missing) : new Map<string, never[]>();
        return queries.map(({ obj }) => obj.attemptLog ?? logs.get(obj.id) ?? []);
      },
    },
  };
}

export function asyncPlayResolvers(webhooks: WebhookService) {
  const orNull = async <T>(read: () => Promise<T>): Promise<T | null> => {
    try {
      return await read();
    } catch (error) {
      if ((error as { code?: string }).code === 'NOT_FOUND') return null;
      throw error;
    }
  };
  return {
    WebhookEndpoint: {
      deliveries: (
        e: WebhookEndpointView,
        args: { status?: string | null; cursor?: string | null; limit?: number | null; after?: string | null; first?: number | null },
        ctx: MercuriusContext,
      ) =>
        webhooks.deliveries(ctx.player, e.id, {
          status: orUndefined(args.status),
          cursor: orUndefined(args.cursor ?? args.after),
          limit: orUndefined(args.limit ?? args.first),
        }),
    },
    Query: {
      webhooks: async (_: unknown, __: unknown, ctx: MercuriusContext) => (await webhooks.list(ctx.player, { limit: 100 })).items,
      webhook: (_: unknown, { id }: { id: string }, ctx: MercuriusContext) => orNull(() => webhooks.get(ctx.player, id)),
      webhookDelivery: (_: unknown, { endpointId, id }: { endpointId: string; id: string }, ctx: MercuriusContext) =>
        orNull(() => webhooks.delivery(ctx.player, endpointId, id)),
    },
    Mutation: {
      createWebhook: async (
        _: unknown,
        args: { url: string; events: string[]; gameId?: string | null; description?: string | null; locale?: string | null },
        ctx: MercuriusContext,
      ) => {
        const { secret, ...endpoint } = await webhooks.create(ctx.player, { ...args, locale: orUndefined(args.locale) });
        return { endpoint, secret };
      },
      updateWebhook: (
        _: unknown,
        args: { id: string; url?: string | null; events?: string[] | null; description?: string | null; locale?: string | null; enabled?: boolean | null },
        ctx: MercuriusContext,
      ) =>
        webhooks.update(ctx.player, args.id, {
          url: orUndefined(args.url),
          events: orUndefined(args.events),
          ...(args.description !== undefined ? { description: args.description } : {}),
          locale: orUndefined(args.locale),
          enabled: orUndefined(args.enabled),
        }),
      rotateWebhookSecret: async (_: unknown, { id }: { id: string }, ctx: MercuriusContext) => {
        const { secret, ...endpoint } = await webhooks.rotateSecret(ctx.player, id);
        return { endpoint, secret };
      },
      deleteWebhook: async (_: unknown, { id }: { id: string }, ctx: MercuriusContext) => {
        await webhooks.remove(ctx.player, id);
        return true;
      },
      redeliverWebhook: (_: unknown, { endpointId, deliveryId }: { endpointId: string; deliveryId: string }, ctx: MercuriusContext) =>
        webhooks.redeliver(ctx.player, endpointId, deliveryId),
      retryWebhook: (_: unknown, { id }: { id: string }, ctx: MercuriusContext) => webhooks.retryNow(ctx.player, id),
    },
  };
}
