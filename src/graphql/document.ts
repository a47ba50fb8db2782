/**
 * One set of guards for a GraphQL document, however it arrives (POST or GET /graphql through Mercurius, a
 * graphql-ws `subscribe` message): the parser's token limit, the validation rules (aliases, depth, control
 * characters in literals), and the checks before execution (control characters and depth of variables,
 * argument bounds, computed cost). Every path builds its guards here, so none can skip one.
 */
import type { DocumentNode, GraphQLSchema, ValidationRule } from 'graphql';
import { ServiceError } from '../service/errors.js';
import { refuseControlCharacters } from '../http/text-guard.js';
import { checkArguments } from './arguments.js';
import { checkCost, limitRules, type CostModel, type GraphqlLimits } from './limits.js';
import { controlCharacterRule } from './text-rule.js';

/** Deepest JSON a client may send in variables (moves, options and records are far shallower). */
export const MAX_VARIABLE_DEPTH = 64;

export interface DocumentGuards {
  readonly limits: GraphqlLimits;
  readonly parseOptions: { readonly maxTokens: number };
  /** Run with graphql's specified rules. */
  readonly validationRules: readonly ValidationRule[];
  /** Throws a ServiceError (BAD_REQUEST, QUERY_TOO_COMPLEX) when the operation must not run. */
  check(schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown> | undefined, operationName?: string | null): void;
}

export function documentGuards(limits: GraphqlLimits, model: CostModel): DocumentGuards {
  return {
    limits,
    parseOptions: { maxTokens: limits.maxTokens },
    validationRules: [...limitRules(limits), controlCharacterRule],
    check(schema, document, variables, operationName) {
      refuseDeepJson(variables);
      refuseControlCharacters(variables, 'variables');
      checkArguments(schema, document, variables, operationName);
      checkCost(limits, model, schema, document, variables, operationName);
    },
  };
}

/** Walks without recursion, so that JSON nested thousands of levels deep is refused, not a stack overflow. */
function refuseDeepJson(value: unknown): void {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (depth > MAX_VARIABLE_DEPTH) throw new ServiceError('BAD_REQUEST', `variables must not nest deeper than ${MAX_VARIABLE_DEPTH} levels`);
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
}
