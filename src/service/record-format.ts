/**
 * The game record format as JSON Schemas (TypeBox): the published `GameRecord` document and the same record
 * as a self-contained schema (`GameRecordInput`) that checks one a client sends. Plain data, in the service
 * layer so that the record checks off the main thread (./cpu-tasks.ts) can use it; the REST and GraphQL
 * layers import it from src/http/record-schemas.ts.
 */
import { Type, type TSchema } from 'typebox';

// Null first: the REST validator coerces types, and would turn a null into "" or 0 for the other branch.
const Nullable = <T extends TSchema>(schema: T) => Type.Union([Type.Null(), schema]);

const RecordSeat = Type.Object({
  index: Type.Integer({ minimum: 0, maximum: 63 }),
  player: Nullable(Type.Object({ id: Type.String(), name: Type.String() })),
  bot: Nullable(Type.String({ description: 'bot level when a server-side bot held the seat' })),
  resigned: Type.Boolean(),
});

const RecordMove = Type.Object({
  seq: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'the version this move made: 1, 2, 3...' }),
  seat: Type.Integer({ minimum: 0, maximum: 63 }),
  kind: Type.Union([Type.Literal('move'), Type.Literal('resign'), Type.Literal('adjudicate'), Type.Literal('undo')], {
    description:
      "`adjudicate`: the operator ended the game; `move` holds the result. `undo`: takes back the move just before it (`move`: `{ type: 'undo', seq }`)",
  }),
  move: Type.Unknown({
    description: "the move, as the game type's moveSchema describes it (a redacted form in a redacted record)",
  }),
  log: Type.Array(Type.Object({ type: Type.String(), text: Type.String() }, { additionalProperties: true }), {
    maxItems: 1000,
  }),
  at: Type.String({ format: 'date-time' }),
});

export const MAX_RECORD_MOVES = 100_000;

/** The record's fields; the outcome's schema is a reference in the published document, open in the input check. */
const recordProperties = <O extends TSchema>(outcome: O) => ({
  format: Type.Literal('portolan.game-record'),
  formatVersion: Type.Literal(1),
  id: Type.String({ format: 'uuid' }),
  type: Type.String({ maxLength: 64 }),
  engineVersion: Type.Integer({ minimum: 0, maximum: 2147483647 }),
  options: Type.Unknown({ description: "the game's options, defaults filled in" }),
  status: Type.Union(['waiting', 'active', 'finished', 'aborted'].map((s) => Type.Literal(s))),
  createdAt: Type.String({ format: 'date-time' }),
  startedAt: Nullable(Type.String({ format: 'date-time' })),
  finishedAt: Nullable(Type.String({ format: 'date-time' })),
  seats: Type.Array(RecordSeat, { minItems: 1, maxItems: 64 }),
  seedCommitment: Type.String({ pattern: '^[0-9a-f]{64}$', description: 'SHA-256 (hex) of the seed' }),
  seed: Nullable(Type.String({ maxLength: 256, description: 'the seed, once the game is over' })),
  visibility: Type.Union([Type.Literal('full'), Type.Literal('seat'), Type.Literal('public')], {
    description:
      'full: every move as made (finished games); seat: redacted for viewerSeat; public: redacted for a spectator',
  }),
  viewerSeat: Nullable(Type.Integer({ minimum: 0, maximum: 63 })),
  moves: Type.Array(RecordMove, { maxItems: MAX_RECORD_MOVES }),
  outcome: Nullable(outcome),
});

export const GameRecord = Type.Object(recordProperties(Type.Ref('Outcome')), {
  $id: 'GameRecord',
  description: 'A self-contained game record: enough to replay and check the game once it is finished',
});

/** The same record as a self-contained schema, for checking one that arrives through GraphQL. */
export const GameRecordInput = Type.Object(recordProperties(Type.Unknown()));
