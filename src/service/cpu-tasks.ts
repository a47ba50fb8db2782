/**
 * The CPU-heavy work that runs off the event loop (./cpu-pool.ts): checking and replaying a record a client
 * sends, folding a long run of stored moves into a past state, and choosing a bot's move. Plain functions
 * of a game registry and plain data in, plain data out (what a worker thread can receive and answer), so
 * the same code runs in a worker (./cpu-worker.ts) and, for a game the worker does not know, inline.
 */
import sjson from 'secure-json-parse';
import { Compile } from 'typebox/compile';
import type { Seat } from '../engine/types.js';
import type { GameRegistry } from '../games/registry.js';
import { ServiceError } from './errors.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth.js';
import { GameRecordInput } from './record-format.js';
import { foldRows } from './undo-fold.js';
import { verifyRecord, type RecordToVerify, type VerifyResult } from './record-verify.js';

/** A stored move as a fold needs it (the row without its dates and log). */
export interface FoldMove {
  readonly seq: number;
  readonly seat: Seat;
  readonly kind: string;
  readonly payload: unknown;
}

export type CpuTask =
  /** A record as the bytes of a request body: parsed, checked against the record format, replayed. */
  | { readonly kind: 'verify-text'; readonly bytes: Uint8Array; readonly budgetMs: number }
  /** A record already parsed and checked (GraphQL's JSON argument): replayed. */
  | { readonly kind: 'verify'; readonly record: RecordToVerify; readonly budgetMs: number }
  /** Stored moves applied to a state (a snapshot or the setup's). */
  | {
      readonly kind: 'fold';
      readonly type: string;
      readonly gameId: string;
      readonly state: unknown;
      readonly moves: readonly FoldMove[];
    }
  /** A bot's move, by game type and level, through the game's own bot. */
  | {
      readonly kind: 'bot';
      readonly type: string;
      readonly state: unknown;
      readonly seat: Seat;
      readonly level: string;
      readonly seed: string;
    };

/** A record whose game type this registry does not hold: parsed and checked, left for a registry that may. */
export interface ElsewhereRecord {
  readonly elsewhere: RecordToVerify;
}

/** What a task answers: its value, or the refusal as plain data (an Error does not cross threads whole). */
export type CpuAnswer =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly code: string; readonly message: string; readonly status: number };

const recordCheck = Compile(GameRecordInput);
const decoder = new TextDecoder();

/** Parses and checks a record body as the REST route's body parser and schema would. */
export function parseRecord(bytes: Uint8Array): RecordToVerify {
  const text = decoder.decode(bytes);
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
    throw new ServiceError('INVALID_JSON', `the body nests objects and arrays more than ${MAX_JSON_DEPTH} levels deep`);
  }
  let parsed: unknown;
  try {
    parsed = sjson.parse(text, null, { protoAction: 'error', constructorAction: 'error' });
  } catch (error) {
    throw new ServiceError('INVALID_JSON', `the body is not valid JSON: ${(error as Error).message}`);
  }
  if (!recordCheck.Check(parsed)) {
    const first = recordCheck.Errors(parsed)[0];
    throw new ServiceError(
      'INVALID_RECORD',
      `not a game record: ${first ? `record${first.instancePath} ${first.message}` : 'it does not fit the format'}`,
    );
  }
  return parsed as RecordToVerify;
}

function foldMoves(registry: GameRegistry, task: Extract<CpuTask, { kind: 'fold' }>): unknown {
  const engine = registry.get(task.type);
  if (!engine) throw new ServiceError('UNKNOWN_GAME_TYPE', `no game type ${task.type}`, 500);
  return foldRows(engine, task.gameId, { state: task.state, before: undefined }, task.moves).state;
}

function botMove(registry: GameRegistry, task: Extract<CpuTask, { kind: 'bot' }>): unknown {
  const engine = registry.get(task.type);
  if (!engine) throw new ServiceError('UNKNOWN_GAME_TYPE', `no game type ${task.type}`, 500);
  // Any level the game's bot registers plays here: the worker holds no list of its own.
  return engine.bot.choose(task.state, task.seat, { level: task.level, seed: task.seed });
}

function perform(registry: GameRegistry, task: CpuTask): unknown {
  switch (task.kind) {
    case 'verify-text': {
      const record = parseRecord(task.bytes);
      return registry.has(record.type)
        ? verifyRecord(registry, record, task.budgetMs)
        : ({ elsewhere: record } satisfies ElsewhereRecord);
    }
    case 'verify':
      return verifyRecord(registry, task.record, task.budgetMs);
    case 'fold':
      return foldMoves(registry, task);
    case 'bot':
      return botMove(registry, task);
  }
}

/** Runs one task; a ServiceError becomes a refusal, anything else is thrown (the pool logs it as internal). */
export function runTask(registry: GameRegistry, task: CpuTask): CpuAnswer {
  try {
    return { ok: true, value: perform(registry, task) };
  } catch (error) {
    if (error instanceof ServiceError)
      return { ok: false, code: error.code, message: error.message, status: error.status };
    throw error;
  }
}

export type { VerifyResult };
