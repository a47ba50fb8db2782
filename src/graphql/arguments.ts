/**
 * Every GraphQL argument is bounded as its REST twin is: the same JSON Schemas (lengths, formats, ranges)
 * checked before anything executes, so that `games(player: "abc")` or a 5,000-character webhook
 * description is a BAD_REQUEST over GraphQL as it is over REST, and not a database error or a stored row.
 * The schemas are the REST routes' own where one exists, so the two APIs cannot drift apart.
 */
import {
  getArgumentValues,
  getOperationAST,
  getVariableValues,
  Kind,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type GraphQLSchema,
} from 'graphql';
import { Type, type TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { BotBody, Count, CreateGameBody, HistoryQuery, ListGamesQuery, MoveBody, RegisterBody, Text, UndoBody } from '../http/schemas.js';
import { ArchiveQuery, LeaderboardQuery } from '../http/record-schemas.js';
import { CreateBody, DeliveriesQuery, PatchBody } from '../http/routes/webhooks.js';
import { ServiceError } from '../service/errors.js';

const uuid = Type.String({ format: 'uuid' });
const cursor = Text({ maxLength: 200 });
const pageLimit = (max: number) => Type.Integer({ minimum: 1, maximum: max });
const gameId = { id: uuid };

/** `Type.field` -> its arguments' schemas. Arguments not listed are bounded by their GraphQL type alone. */
const BOUNDS: Record<string, Record<string, TSchema>> = {
  'Query.gameType': { id: Text({ maxLength: 64 }) },
  'Query.games': { ...ListGamesQuery.properties, after: cursor, first: pageLimit(100) },
  'Query.game': gameId,
  'Query.myTurn': { cursor, limit: pageLimit(200) },
  'Query.playerGames': { playerId: uuid, ...ArchiveQuery.properties },
  'Query.playerStats': { playerId: uuid },
  'Query.leaderboard': { type: Text({ maxLength: 64 }), ...LeaderboardQuery.properties },
  'Query.webhook': gameId,
  'Query.webhookDelivery': { endpointId: uuid, id: Text({ minLength: 1, maxLength: 100 }) },
  'Game.view': { at: Count() },
  'Game.legalMoves': { seat: Count() },
  'Game.legalMoveFamilies': { seat: Count() },
  'Game.undoable': { seat: Count() },
  'Game.history': { ...HistoryQuery.properties, first: pageLimit(200) },
  'WebhookEndpoint.deliveries': { ...DeliveriesQuery.properties, after: cursor, first: pageLimit(100) },
  'Mutation.register': RegisterBody.properties,
  'Mutation.createGame': CreateGameBody.properties,
  'Mutation.joinGame': { ...gameId, seat: Count() },
  'Mutation.addBot': { ...gameId, ...BotBody.properties },
  'Mutation.startGame': gameId,
  'Mutation.abortGame': gameId,
  'Mutation.move': { ...gameId, ...MoveBody.properties, idempotencyKey: Text({ minLength: 1, maxLength: 255 }) },
  'Mutation.resign': { ...gameId, seat: Count() },
  'Mutation.undoMove': { ...gameId, ...UndoBody.properties },
  'Mutation.createWebhook': CreateBody.properties,
  'Mutation.updateWebhook': { ...gameId, ...PatchBody.properties },
  'Mutation.rotateWebhookSecret': gameId,
  'Mutation.deleteWebhook': gameId,
  'Mutation.redeliverWebhook': { endpointId: uuid, deliveryId: Text({ minLength: 1, maxLength: 100 }) },
  'Mutation.retryWebhook': gameId,
  'Subscription.gameMoves': { ...gameId, fromVersion: Count() },
};

type Checker = ReturnType<typeof Compile>;
const CHECKERS = new Map<string, [string, Checker][]>(
  Object.entries(BOUNDS).map(([field, args]) => [
    field,
    Object.entries(args).map(([name, schema]) => [name, Compile(schema)] as [string, Checker]),
  ]),
);

/** GraphQL spells "absent" as null inside input objects too; REST omits the key. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null).map(([k, v]) => [k, withoutNulls(v)]));
}

function checkField(field: string, values: Record<string, unknown>): void {
  for (const [name, checker] of CHECKERS.get(field) ?? []) {
    const value = values[name];
    if (value === undefined || value === null) continue;
    const plain = withoutNulls(value);
    if (checker.Check(plain)) continue;
    const first = checker.Errors(plain)[0];
    throw new ServiceError('BAD_REQUEST', `${field.split('.')[1]}: ${name}${first?.instancePath ?? ''} ${first?.message ?? 'is out of bounds'}`);
  }
}

/**
 * Checks every bounded argument of the operation that will run (literals and variables alike). Arguments
 * GraphQL itself cannot coerce are left to execution, which reports them with their own message.
 */
export function checkArguments(schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown> | undefined, operationName?: string | null): void {
  const operation = getOperationAST(document, operationName ?? undefined);
  if (!operation) return;
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables ?? {});
  if (coerced.errors) return;
  const typeInfo = new TypeInfo(schema);
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      OperationDefinition: (node) => (node === operation ? undefined : false),
      [Kind.FIELD](node) {
        const parent = typeInfo.getParentType();
        const definition = typeInfo.getFieldDef();
        const field = parent && definition ? `${parent.name}.${definition.name}` : undefined;
        if (!field || !definition || !CHECKERS.has(field)) return;
        let values: Record<string, unknown>;
        try {
          values = getArgumentValues(definition, node, coerced.coerced);
        } catch {
          return;
        }
        checkField(field, values);
      },
    }),
  );
}

/** The fields whose arguments are bounded here (for tests that walk the schema). */
export const BOUNDED_FIELDS: readonly string[] = Object.keys(BOUNDS);
