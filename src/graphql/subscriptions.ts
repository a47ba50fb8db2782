/**
 * GraphQL subscriptions over WebSocket with the graphql-ws protocol (subprotocol `graphql-transport-ws`),
 * on GET /graphql beside Mercurius's HTTP handler. The protocol is run by graphql-ws's own server, its
 * reference implementation, rather than by Mercurius 16's: that one has no deadline for `connection_init`,
 * answers a refused token with `connection_error` (a message of the older subscriptions-transport-ws
 * protocol that graphql-ws clients reject), never validates a subscription document and drops error codes.
 *
 * What a client sees (close codes are graphql-ws's own):
 * - 4408 when `connection_init` does not arrive within `initTimeoutMs`;
 * - 4403 when its token (`{"authorization": "Bearer ..."}` in the init payload) is unknown or malformed,
 *   and when the token is revoked (on any instance) or expires while the connection is open (the reason
 *   starts with the code: `TOKEN_REVOKED: ...`, `TOKEN_EXPIRED: ...`);
 * - 4401 when it subscribes before the server acknowledged the connection;
 * - 4429 when its token already holds `maxConnectionsPerToken` connections to this instance (and, from
 *   graphql-ws, for a second `connection_init`); 4400 malformed message; 4406 wrong subprotocol;
 *   4409 a subscription id in use; 4500 an internal error;
 * - an `error` message with `extensions.code` for a refused operation (invalid document, a query or
 *   mutation, which belong on POST /graphql, more than `maxPerConnection` subscriptions at once, or a token
 *   without the `read` scope: INSUFFICIENT_SCOPE); errors
 *   while a subscription runs carry their code too.
 *
 * A `subscribe` document passes the same guards as one sent over HTTP (./document.ts): token limit,
 * aliases, depth, control characters, argument bounds and computed cost (QUERY_TOO_COMPLEX), checked once
 * since the document and variables do not change; each event then executes with a wall-clock budget of
 * its own, as one HTTP request would.
 *
 * Counts are per instance: they bound what one client can hold in one process.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import {
  GraphQLError,
  createSourceEventStream,
  execute,
  getOperationAST,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type GraphQLFieldResolver,
  type GraphQLFormattedError,
  type GraphQLSchema,
} from 'graphql';
import { CloseCode, handleProtocols, makeServer, type Context, type SubscribePayload } from 'graphql-ws';
import { ServiceError } from '../service/errors.js';
import { hasScope, type Player, type TokenGrant, type TokenService } from '../service/tokens.js';
import { grantFromHeader } from '../http/auth.js';
import type { ConnectionCaps } from '../http/connection-caps.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../service/json-depth.js';
import { codeOf } from './errors.js';
import type { DocumentGuards } from './document.js';
import { RequestBudget } from './limits.js';

export interface SubscriptionLimits {
  /** Time for `connection_init` to arrive after the socket opens (close 4408 after it). */
  readonly initTimeoutMs: number;
  /** Subscriptions one connection may run at once. */
  readonly maxPerConnection: number;
  /** Open connections one token (player) may hold on one instance. */
  readonly maxConnectionsPerToken: number;
  /** Ping interval; a peer that has not answered the previous ping by the next one is dropped. */
  readonly keepAliveMs: number;
  /** Largest message a client may send, in bytes. */
  readonly maxMessageBytes: number;
}

export const DEFAULT_SUBSCRIPTION_LIMITS: SubscriptionLimits = {
  initTimeoutMs: 5_000,
  maxPerConnection: 20,
  maxConnectionsPerToken: 10,
  keepAliveMs: 15_000,
  maxMessageBytes: 65_536,
};

/** The Subscription type's fields: `subscribe` makes the event stream, `resolve` turns an event into the field's value. */
export type SubscriptionResolvers = Record<string, { subscribe: GraphQLFieldResolver<unknown, unknown>; resolve?: GraphQLFieldResolver<unknown, unknown> }>;

/** Close code for a token over its connection cap: graphql-ws's "too many", which its client does not retry. */
export const TOO_MANY_CONNECTIONS = CloseCode.TooManyInitialisationRequests;

interface Extra {
  readonly socket: WebSocket;
  readonly request: FastifyRequest;
  player: Player | null;
  grant: TokenGrant | null;
  /** The key this connection counts against, once acknowledged. */
  countedAs: string | null;
  /** Stops watching the token for revocation and expiry (set once acknowledged). */
  unwatch: (() => void) | null;
  /** Frees this socket's place among the anonymous ones (until a token authenticates it). */
  anonymous: (() => void) | null;
}

type SubscriptionContext = Context<Record<string, unknown>, Extra>;

/** Routes the WebSocket upgrade of GET /graphql to this plugin and every other GET to Mercurius's handler. */
const UPGRADE_CONSTRAINT = {
  name: 'upgrade',
  mustMatchWhenDerived: false,
  storage() {
    const handlers = new Map<string, unknown>();
    return { get: (value: string) => (handlers.get(value) ?? null) as never, set: (value: string, handler: unknown) => void handlers.set(value, handler) };
  },
  deriveConstraint: (req: { headers: Record<string, string | string[] | undefined> }) =>
    String(req.headers.upgrade ?? '').toLowerCase() === 'websocket' ? 'websocket' : (undefined as unknown as string),
};

const refusal = (code: string, message: string) => new GraphQLError(message, { originalError: new ServiceError(code, message, code === 'TOO_MANY_SUBSCRIPTIONS' ? 429 : undefined) });

export interface SubscriptionOptions {
  readonly tokens: TokenService;
  readonly limits: SubscriptionLimits;
  readonly path: string;
  readonly resolvers: SubscriptionResolvers;
  /** The GraphQL guards every document passes, as over HTTP. */
  readonly guards: DocumentGuards;
  /** Caps on websockets without a token, per address and in all (src/http/connection-caps.ts). */
  readonly caps: ConnectionCaps;
}

export async function graphqlSubscriptions(app: FastifyInstance, opts: SubscriptionOptions): Promise<void> {
  const { tokens, limits, guards } = opts;
  attachResolvers(app.graphql.schema, opts.resolvers);
  const connections = new Map<string, number>();

  const formatErrors = (errors: readonly GraphQLError[], request: FastifyRequest): GraphQLFormattedError[] =>
    errors.map((error) => {
      const { code, message } = codeOf(error);
      if (code === 'INTERNAL') request.log.error({ err: error.originalError ?? error }, 'graphql subscription failed');
      return { message, ...(error.locations ? { locations: error.locations } : {}), ...(error.path ? { path: error.path } : {}), extensions: { ...error.extensions, code } };
    });

  const authenticate = async (ctx: SubscriptionContext): Promise<boolean> => {
    const { socket } = ctx.extra;
    const params = ctx.connectionParams ?? {};
    const header = params.authorization ?? params.Authorization;
    let grant: TokenGrant | null;
    try {
      if (header !== undefined && typeof header !== 'string') throw new ServiceError('UNAUTHENTICATED', 'authorization must be a string');
      grant = await grantFromHeader(tokens, header);
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      socket.close(CloseCode.Forbidden, `Forbidden: ${error.message}`);
      return false;
    }
    const player = grant?.player ?? null;
    if (player) {
      // A token's connections have their own cap: this one leaves the anonymous count.
      ctx.extra.anonymous?.();
      ctx.extra.anonymous = null;
      const open = connections.get(player.id) ?? 0;
      if (open >= limits.maxConnectionsPerToken) {
        socket.close(TOO_MANY_CONNECTIONS, `Too many connections for this token (at most ${limits.maxConnectionsPerToken})`);
        return false;
      }
      connections.set(player.id, open + 1);
      ctx.extra.countedAs = player.id;
    }
    if (grant) ctx.extra.unwatch = tokens.watch(grant, (reason) => socket.close(CloseCode.Forbidden, `${reason.code}: ${reason.message}`));
    ctx.extra.player = player;
    ctx.extra.grant = grant;
    return true;
  };

  const release = (ctx: SubscriptionContext): void => {
    ctx.extra.anonymous?.();
    ctx.extra.anonymous = null;
    ctx.extra.unwatch?.();
    ctx.extra.unwatch = null;
    const key = ctx.extra.countedAs;
    if (key === null) return;
    ctx.extra.countedAs = null;
    const left = (connections.get(key) ?? 1) - 1;
    if (left > 0) connections.set(key, left);
    else connections.delete(key);
  };

  /** Checks a subscribe message and builds its execution; a refusal is an `error` message for that id. */
  const prepare = (ctx: SubscriptionContext, _id: string, payload: SubscribePayload) => {
    // The id being subscribed is already in ctx.subscriptions.
    if (!hasScope(ctx.extra.grant, 'read')) return [refusal('INSUFFICIENT_SCOPE', 'subscriptions need a token with the `read` scope')];
    if (Object.keys(ctx.subscriptions).length > limits.maxPerConnection) {
      return [refusal('TOO_MANY_SUBSCRIPTIONS', `at most ${limits.maxPerConnection} subscriptions per connection: complete one first`)];
    }
    let document: DocumentNode;
    try {
      document = parse(payload.query, guards.parseOptions);
    } catch (error) {
      return [error instanceof GraphQLError ? error : refusal('BAD_REQUEST', 'the query could not be parsed')];
    }
    const schema = app.graphql.schema;
    const invalid = validate(schema, document, [...specifiedRules, ...guards.validationRules]);
    if (invalid.length > 0) return invalid;
    const operation = getOperationAST(document, payload.operationName);
    if (!operation) return [refusal('BAD_REQUEST', 'no single operation to run: name it with operationName')];
    if (operation.operation !== 'subscription') {
      return [refusal('BAD_REQUEST', `only subscriptions are served over the websocket; send a ${operation.operation} to POST /graphql`)];
    }
    try {
      guards.check(schema, document, payload.variables ?? undefined, payload.operationName);
    } catch (error) {
      if (error instanceof ServiceError) return [new GraphQLError(error.message, { originalError: error })];
      if (error instanceof GraphQLError) return [error]; // variables that do not fit their types
      throw error;
    }
    return {
      schema,
      document,
      operationName: payload.operationName,
      variableValues: payload.variables,
      contextValue: { player: ctx.extra.player, grant: ctx.extra.grant },
    };
  };

  const server = makeServer<Record<string, unknown>, Extra>({
    connectionInitWaitTimeout: limits.initTimeoutMs,
    onConnect: authenticate,
    onSubscribe: prepare,
    subscribe: (args) => subscribeWithBudgets(args, guards.limits.timeoutMs),
    onNext: (ctx, _id, _payload, _args, result) =>
      result.errors ? { ...result, errors: formatErrors(result.errors, ctx.extra.request) } : undefined,
    onError: (ctx, _id, _payload, errors) => formatErrors(errors, ctx.extra.request),
    onClose: release,
  });

  // The ws server is @fastify/websocket's, shared by the app: pick graphql-ws's subprotocol and bound messages.
  app.websocketServer.options.handleProtocols = handleProtocols;
  app.websocketServer.options.maxPayload = limits.maxMessageBytes;
  if (!app.hasConstraintStrategy(UPGRADE_CONSTRAINT.name)) app.addConstraintStrategy(UPGRADE_CONSTRAINT as never);

  app.get(opts.path, { websocket: true, constraints: { upgrade: 'websocket' } }, (socket, request) => {
    // Every socket counts as anonymous until a token authenticates it (per address and in all).
    const anonymous = opts.caps.openAnonymousSocket(request);
    if (anonymous === null) {
      socket.close(TOO_MANY_CONNECTIONS, 'Too many connections without a token from this address or to this server');
      return;
    }
    socket.once('close', anonymous);
    const closed = server.opened(
      {
        protocol: socket.protocol,
        send: (data) =>
          new Promise<void>((resolve, reject) => {
            if (socket.readyState !== socket.OPEN) return resolve();
            socket.send(data, (err) => (err ? reject(err) : resolve()));
          }),
        close: (code, reason) => socket.close(code, reason),
        onMessage: (handle) =>
          socket.on('message', (data) => {
            const text = String(data);
            // graphql-ws parses the message: JSON nested too deep is refused before anything walks it.
            if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
              socket.close(CloseCode.BadRequest, `Invalid message: JSON nested more than ${MAX_JSON_DEPTH} levels deep`);
              return;
            }
            handle(text).catch((err: unknown) => {
              request.log.error({ err }, 'graphql-ws message failed');
              socket.close(CloseCode.InternalServerError, 'Internal server error');
            });
          }),
      },
      { socket, request, player: null, grant: null, countedAs: null, unwatch: null, anonymous },
    );
    keepAlive(socket, limits.keepAliveMs);
    socket.once('close', (code, reason) => {
      closed(code, reason.toString()).catch((err: unknown) => request.log.error({ err }, 'graphql-ws close failed'));
    });
  });
}

/**
 * graphql-js's subscribe, except that each event executes with a context of its own holding a fresh
 * wall-clock budget (the expensive resolvers run through it, as in one HTTP request).
 */
async function subscribeWithBudgets(args: ExecutionArgs, timeoutMs: number): Promise<AsyncGenerator<ExecutionResult> | ExecutionResult> {
  const stream = await createSourceEventStream(args);
  if (!(Symbol.asyncIterator in stream)) return stream;
  const source = stream[Symbol.asyncIterator]();
  const base = args.contextValue as Record<string, unknown>;
  const executeEvent = async (payload: unknown) =>
    (await execute({ ...args, rootValue: payload, contextValue: { ...base, budget: new RequestBudget(timeoutMs) } })) as ExecutionResult;
  // A plain iterator, not an async generator: `return` must reach the source even while `next` waits.
  const events: AsyncGenerator<ExecutionResult> = {
    async next() {
      const step = await source.next();
      return step.done ? { done: true, value: undefined } : { done: false, value: await executeEvent(step.value) };
    },
    async return() {
      await source.return?.();
      return { done: true, value: undefined };
    },
    async throw(error: unknown) {
      await source.return?.();
      throw error;
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
  return events;
}

/** Puts the resolvers on the schema Mercurius built (its own subscription support, which would, is off). */
function attachResolvers(schema: GraphQLSchema, resolvers: SubscriptionResolvers): void {
  const fields = schema.getSubscriptionType()?.getFields() ?? {};
  for (const [name, resolver] of Object.entries(resolvers)) {
    const field = fields[name];
    if (!field) throw new Error(`no Subscription.${name} in the schema`);
    field.subscribe = resolver.subscribe;
    if (resolver.resolve) field.resolve = resolver.resolve;
  }
}

/** Pings the peer; one that did not answer the previous ping is gone (half-open connections hold slots). */
function keepAlive(socket: WebSocket, intervalMs: number): void {
  let answered = true;
  socket.on('pong', () => {
    answered = true;
  });
  const timer = setInterval(() => {
    if (!answered) return socket.terminate();
    answered = false;
    socket.ping();
  }, intervalMs);
  timer.unref();
  socket.once('close', () => clearInterval(timer));
}
