/**
 * The public edge of /graphql over HTTP, before anything executes: the document's guards (./document.ts,
 * the same as the websocket's: variables, argument bounds, computed cost), and the stricter budgets of
 * registration, game creation and webhook changes (shared with their REST routes).
 */
import { Kind, Location, type DocumentNode, type SelectionSetNode } from 'graphql';
import { ServiceError } from '../service/errors.js';
import type { FastifyInstance } from 'fastify';
import { MUTATION_BUCKETS, type RateLimiting } from '../http/rate-limit.js';
import type { DocumentGuards } from './document.js';

/** Root fields of the document's mutations and queries (every operation in it: only one runs, each is counted). */
function mutationFields(document: DocumentNode): string[] {
  const fragments = new Map(document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d] as const] : [])));
  const fieldsOf = (set: SelectionSetNode, seen: Set<string>): string[] =>
    set.selections.flatMap((selection) => {
      if (selection.kind === Kind.FIELD) return [selection.name.value];
      if (selection.kind === Kind.INLINE_FRAGMENT) return fieldsOf(selection.selectionSet, seen);
      const fragment = fragments.get(selection.name.value);
      if (!fragment || seen.has(fragment.name.value)) return [];
      return fieldsOf(fragment.selectionSet, new Set([...seen, fragment.name.value]));
    });
  return document.definitions.flatMap((d) =>
    d.kind === Kind.OPERATION_DEFINITION && d.operation !== 'subscription' ? fieldsOf(d.selectionSet, new Set()) : [],
  );
}

/** The operation a request names (POST body or GET query string), for documents holding several. */
function operationNameOf(request: { body?: unknown; query?: unknown } | undefined): string | undefined {
  for (const source of [request?.body, request?.query]) {
    const name = (source as { operationName?: unknown } | null | undefined)?.operationName;
    if (typeof name === 'string') return name;
  }
  return undefined;
}

export function installGraphqlGuards(app: FastifyInstance, guards: DocumentGuards, rateLimiting: RateLimiting): void {
  // Mercurius falls back to reading a query that does not parse as a JSON syntax tree (and `{"query": 5}`
  // becomes the "tree" 5). Only documents our parser produced go on: they carry its Location.
  app.graphql.addHook('preValidation', async (_schema, document) => {
    if (!(document?.loc instanceof Location)) throw new ServiceError('BAD_REQUEST', 'query must be a GraphQL document in a string');
  });
  app.graphql.addHook('preExecution', async (schema, document, context, variables) => {
    const { reply } = context;
    guards.check(schema, document, variables as Record<string, unknown> | undefined, operationNameOf(reply?.request));
    for (const field of mutationFields(document)) {
      const bucket = MUTATION_BUCKETS[field];
      if (bucket && reply) await rateLimiting.consume(reply.request, reply, bucket);
    }
  });
}
