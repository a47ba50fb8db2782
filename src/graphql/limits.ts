/**
 * What one GraphQL request may cost, checked before anything executes, and a wall-clock budget for
 * what it then does. Aliases and depth are bounded by graphql-armor's validation rules (cached with the
 * parsed document); the cost is computed by graphql-query-complexity with the request's variables, each
 * field counting for the state it rebuilds (a past view replays the log; a history page redacts each move).
 */
import { GraphQLError, getNamedType, isLeafType, type DocumentNode, type GraphQLSchema, type ValidationContext, type ValidationRule } from 'graphql';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { getComplexity, type ComplexityEstimatorArgs } from 'graphql-query-complexity';
import { ServiceError } from '../service/errors.js';

export interface GraphqlLimits {
  /** Deepest selection (introspection excepted). */
  readonly maxDepth: number;
  /** Most aliases in one operation. */
  readonly maxAliases: number;
  /** Highest computed cost of one request. */
  readonly maxCost: number;
  /** Wall-clock budget of one request, in milliseconds. */
  readonly timeoutMs: number;
  /** Most tokens in one document (bounds the parser's work on a huge query). */
  readonly maxTokens: number;
}

export const DEFAULT_GRAPHQL_LIMITS: GraphqlLimits = { maxDepth: 8, maxAliases: 10, maxCost: 1000, timeoutMs: 500, maxTokens: 2000 };

/**
 * Field costs: what each field reads or rebuilds. A list multiplies what is asked of each item by its
 * page size (`limit`, or the deprecated `first`, else the default page), so nested lists multiply too.
 */
export const FIELD_COSTS = {
  /** The live view comes from the cached state; a past one replays the log up to `at`. */
  view: { live: 2, past: 50 },
  /** Both compute the legal moves of the current state. */
  legalMoves: 20,
  /** Replays to the page's start, then redacts each move. */
  history: { base: 30, perMove: 1 },
  /** Every move of the game, redacted for the caller: a history of the whole game in one answer. */
  record: 200,
  /** Replays a client's record from its seed: the cost of a long history. */
  verifyRecord: 200,
  /** A game type's JSON Schemas are tens of kilobytes each. */
  gameTypeSchema: 40,
  /** A subscription's missed moves, replayed once when it starts from fromVersion. */
  movesReplay: 50,
  /** A page of webhook deliveries: the endpoint's ownership, then the page. */
  deliveries: 2,
} as const;

/** Lists paged by `limit` (or `first`): their default and largest page, as the services clamp them. */
const PAGED: Record<string, { readonly fallback: number; readonly max: number }> = {
  'Query.games': { fallback: 20, max: 100 },
  'Query.myTurn': { fallback: 50, max: 200 },
  'Query.playerGames': { fallback: 20, max: 100 },
  'Query.leaderboard': { fallback: 20, max: 100 },
  'Game.history': { fallback: 50, max: 200 },
  'WebhookEndpoint.deliveries': { fallback: 50, max: 100 },
};

/** What the cost model needs to know of the running service. */
export interface CostModel {
  /** Game types hosted: `gameTypes` and `playerStats` list one item per type. */
  readonly gameTypes: number;
  /** Endpoints one player may hold: what `webhooks` can list (the resolver reads one page of 100 at most). */
  readonly webhookEndpoints: number;
}

function pageSize(args: Record<string, unknown>, page: { fallback: number; max: number }): number {
  const asked = typeof args.limit === 'number' ? args.limit : args.first;
  return typeof asked === 'number' && Number.isFinite(asked) ? Math.max(1, Math.min(page.max, Math.floor(asked))) : page.fallback;
}

function estimator(model: CostModel) {
  return ({ type, field, args, childComplexity }: ComplexityEstimatorArgs): number => {
    const name = `${type.name}.${field.name}`;
    const page = PAGED[name];
    switch (name) {
      case 'Game.view':
        return (args.at === undefined || args.at === null ? FIELD_COSTS.view.live : FIELD_COSTS.view.past) + childComplexity;
      case 'Game.legalMoves':
      case 'Game.legalMoveFamilies':
      case 'Game.undoable':
        return FIELD_COSTS.legalMoves;
      case 'Game.history':
        return FIELD_COSTS.history.base + pageSize(args, page!) * (FIELD_COSTS.history.perMove + childComplexity);
      case 'Game.record':
        return FIELD_COSTS.record;
      case 'Query.verifyRecord':
        return FIELD_COSTS.verifyRecord + childComplexity;
      case 'GameType.optionsSchema':
      case 'GameType.moveSchema':
      case 'GameType.viewSchema':
        return FIELD_COSTS.gameTypeSchema;
      case 'Query.gameTypes':
      case 'Query.playerStats':
        return 1 + model.gameTypes * childComplexity;
      case 'Query.webhooks':
        return 1 + Math.min(100, model.webhookEndpoints) * childComplexity;
      case 'WebhookEndpoint.deliveries':
        return FIELD_COSTS.deliveries + pageSize(args, page!) * childComplexity;
      case 'Subscription.gameMoves':
        return (args.fromVersion === undefined || args.fromVersion === null ? 1 : FIELD_COSTS.movesReplay) + childComplexity;
    }
    if (page) return 1 + pageSize(args, page) * childComplexity;
    // A scalar is free; an object or a list of them costs one (a lookup) plus what is asked of it.
    return isLeafType(getNamedType(field.type)) && field.args.length === 0 ? 0 : 1 + childComplexity;
  };
}

const tooComplex = (message: string) => new GraphQLError(message, { extensions: { code: 'QUERY_TOO_COMPLEX' } });

/** Validation rules for aliases and depth; a breach is reported as QUERY_TOO_COMPLEX with its numbers. */
export function limitRules(limits: GraphqlLimits): ValidationRule[] {
  const report = (context: ValidationContext | null, error: GraphQLError) =>
    context?.reportError(tooComplex(error.message.replace(/^Syntax Error: /, '')));
  const common = { propagateOnRejection: false, exposeLimits: true, onReject: [report] };
  return [
    maxAliasesRule({ n: limits.maxAliases, ...common }) as unknown as ValidationRule,
    maxDepthRule({ n: limits.maxDepth, ignoreIntrospection: true, ...common }) as unknown as ValidationRule,
  ];
}

/** Throws QUERY_TOO_COMPLEX when the operation's computed cost exceeds the budget. */
export function checkCost(
  limits: GraphqlLimits,
  model: CostModel,
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> | undefined,
  operationName?: string | null,
): void {
  const cost = getComplexity({ schema, query: document, variables: variables ?? {}, operationName: operationName ?? undefined, estimators: [estimator(model)] });
  if (cost > limits.maxCost) {
    throw new ServiceError('QUERY_TOO_COMPLEX', `the query costs ${cost}, more than the limit of ${limits.maxCost}: ask for fewer or smaller pages, past views, histories, records or legal moves`);
  }
}

/**
 * The wall-clock budget of one request. Expensive resolvers run through it one at a time (graphql-js
 * starts sibling fields together, so a check at entry alone would let them all start); once the deadline
 * has passed, the work still waiting is refused with QUERY_TIMEOUT instead of being done.
 */
export class RequestBudget {
  private readonly deadline: number;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(timeoutMs: number, now = Date.now()) {
    this.deadline = now + timeoutMs;
  }

  run<T>(work: () => Promise<T>): Promise<T> {
    const turn = this.queue.then(() => {
      if (Date.now() >= this.deadline) throw new ServiceError('QUERY_TIMEOUT', 'the request ran out of time; ask for less in one request');
      return work();
    });
    this.queue = turn.catch(() => undefined);
    return turn;
  }
}
