/**
 * What one GraphQL request may cost, checked before anything executes, and a wall-clock budget for
 * what it then does. Aliases and depth are bounded by graphql-armor's validation rules (cached with the
 * parsed document); the cost is computed by graphql-query-complexity with the request's variables, each
 * field counting for the state it rebuilds (a past view replays the log; a history page redacts each move).
 */
import { GraphQLError, type DocumentNode, type GraphQLSchema, type ValidationContext, type ValidationRule } from 'graphql';
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

/** Field costs: what each expensive field rebuilds. Page sizes multiply what is asked of each item. */
export const FIELD_COSTS = {
  /** The live view comes from the cached state; a past one replays the log up to `at`. */
  view: { live: 2, past: 50 },
  legalMoves: 20,
  /** Replays to the page's start, then redacts each move. */
  history: { base: 30, perMove: 1 },
} as const;

const pageSize = (args: Record<string, unknown>, fallback: number, max: number) => {
  const first = args.first;
  return typeof first === 'number' && Number.isFinite(first) ? Math.max(1, Math.min(max, first)) : fallback;
};

function estimate({ type, field, args, childComplexity }: ComplexityEstimatorArgs): number {
  switch (`${type.name}.${field.name}`) {
    case 'Game.view':
      return (args.at === undefined || args.at === null ? FIELD_COSTS.view.live : FIELD_COSTS.view.past) + childComplexity;
    case 'Game.legalMoves':
      return FIELD_COSTS.legalMoves;
    case 'Game.history':
      return FIELD_COSTS.history.base + pageSize(args, 50, 200) * (FIELD_COSTS.history.perMove + childComplexity);
    case 'Query.games':
      return 1 + pageSize(args, 20, 100) * childComplexity;
    case 'Query.myTurn':
      return 1 + pageSize(args, 50, 200) * childComplexity;
    default:
      // A leaf is free; an object costs one (a lookup) plus what is asked of it.
      return childComplexity === 0 && field.args.length === 0 ? 0 : 1 + childComplexity;
  }
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
export function checkCost(limits: GraphqlLimits, schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown> | undefined): void {
  const cost = getComplexity({ schema, query: document, variables: variables ?? {}, estimators: [estimate] });
  if (cost > limits.maxCost) {
    throw new ServiceError('QUERY_TOO_COMPLEX', `the query costs ${cost}, more than the limit of ${limits.maxCost}: ask for fewer past views, histories or legal moves`);
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
