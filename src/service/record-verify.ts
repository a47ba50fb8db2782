/**
 * Checks a game record (from this or another Portolan server): the seed matches its commitment, every
 * move replays through the named engine, and the outcome is what the replay gives. The first move that
 * does not replay is named with the engine's reason. Replays run under a time budget, so a hostile
 * record cannot hold the server.
 */
import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { AnyGameDefinition, Seat } from '../engine/types.js';
import type { GameRegistry } from '../games/registry.js';
import { ServiceError } from './errors.js';
import { resignationOutcome, withResignations } from './outcomes.js';
import { adjudicationOutcome, checkAdjudication } from './adjudication.js';
import type { GameOutcome } from './types.js';
import { undoRefusal } from './undo-rule.js';

/** The parts of a record verification reads (the record's JSON Schema guarantees these types). */
export interface RecordToVerify {
  readonly type: string;
  readonly engineVersion: number;
  readonly options: unknown;
  readonly status: string;
  readonly seats: readonly unknown[];
  readonly seedCommitment: string;
  readonly seed: string | null;
  readonly moves: readonly { readonly seq: number; readonly seat: number; readonly kind: 'move' | 'resign' | 'adjudicate' | 'undo'; readonly move: unknown }[];
  readonly outcome: unknown;
}

export interface VerifyFailure {
  /** The first move that does not replay; null when the failure is not one move's (seed, outcome). */
  readonly seq: number | null;
  readonly code: string;
  readonly message: string;
}

export type VerifyResult =
  | { readonly valid: true; readonly moves: number; readonly outcome: GameOutcome | null }
  | { readonly valid: false; readonly failure: VerifyFailure };

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const fail = (code: string, message: string, seq: number | null = null): VerifyResult => ({ valid: false, failure: { seq, code, message } });

/** Wall-clock budget of one verification; a replay still running then is refused with 422. */
export const VERIFY_BUDGET_MS = 2000;

export function verifyRecord(registry: GameRegistry, record: RecordToVerify, budgetMs = VERIFY_BUDGET_MS): VerifyResult {
  const engine = registry.get(record.type);
  if (!engine) throw new ServiceError('UNKNOWN_GAME_TYPE', `no game type ${record.type} on this server`, 400);
  if (record.engineVersion !== engine.engineVersion) {
    throw new ServiceError('UNSUPPORTED_ENGINE_VERSION', `${engine.title} is at engine version ${engine.engineVersion} here, not ${record.engineVersion}`, 400);
  }
  const seats = record.seats.length;
  if (seats < engine.players.min || seats > engine.players.max) {
    throw new ServiceError('INVALID_RECORD', `${engine.title} takes ${engine.players.min} to ${engine.players.max} seats, not ${seats}`, 400);
  }
  const options = engine.validateOptions(record.options, seats);
  if (!options.ok) throw new ServiceError('INVALID_RECORD', `the record's options are invalid: ${options.error.message}`, 400);
  if (!record.seed) return fail('SEED_MISSING', 'the record has no seed (only a finished game reveals it), so it cannot be replayed');
  if (sha256(record.seed) !== record.seedCommitment) return fail('SEED_MISMATCH', 'the SHA-256 of the seed is not the seed commitment');
  const replayed = replayMoves(engine, record, seats, options.value, record.seed, budgetMs);
  if (!replayed.ok) return replayed.result;
  return compareOutcome(record, replayed.outcome);
}

type Replayed = { ok: true; outcome: GameOutcome | null } | { ok: false; result: VerifyResult };

function replayMoves(engine: AnyGameDefinition, record: RecordToVerify, seats: number, options: unknown, seed: string, budgetMs: number): Replayed {
  const deadline = performance.now() + budgetMs;
  let state = engine.setup({ seats, options, seed });
  /** The state before the previous entry when that entry was a move (what an undo goes back to). */
  let before: unknown;
  let previous: RecordToVerify['moves'][number] | undefined;
  const resigned = new Set<Seat>();
  let outcome: GameOutcome | null = null;
  for (const [index, entry] of record.moves.entries()) {
    const bad = (code: string, message: string): Replayed => ({ ok: false, result: fail(code, message, entry.seq) });
    if (entry.seq !== index + 1) return bad('SEQUENCE_GAP', `move ${index + 1} is numbered ${entry.seq}`);
    if (outcome) return bad('GAME_OVER', 'the game was already over');
    if (entry.seat >= seats) return bad('NO_SUCH_SEAT', `there is no seat ${entry.seat}`);
    if (performance.now() > deadline) throw new ServiceError('VERIFY_BUDGET_EXCEEDED', `the replay took longer than ${budgetMs} ms`, 422);
    const seatRows = () => Array.from({ length: seats }, (_, i) => ({ index: i, resigned: resigned.has(i) }));
    const last = previous;
    previous = entry;
    if (entry.kind === 'undo') {
      // The same rule the server applies (src/service/undo.ts): the move just before, by the same seat, that revealed nothing.
      const undone = (entry.move as { seq?: unknown } | null)?.seq;
      if (before === undefined || last?.kind !== 'move' || last.seat !== entry.seat || undone !== last.seq) {
        return bad('ILLEGAL_MOVE', 'an undo must take back the move just before it, of the same seat');
      }
      const refusal = undoRefusal(engine, before, state, seats);
      if (refusal) return bad('ILLEGAL_MOVE', `that move could not be taken back: ${refusal}`);
      state = before;
      before = undefined;
      continue;
    }
    before = undefined;
    if (entry.kind === 'resign') {
      if (resigned.has(entry.seat)) return bad('ILLEGAL_MOVE', `seat ${entry.seat} had already resigned`);
      resigned.add(entry.seat);
      const standing = seatRows().filter((s) => !s.resigned).map((s) => s.index);
      if (standing.length <= 1) outcome = resignationOutcome({ seats: seatRows() }, standing, resigned);
      continue;
    }
    if (entry.kind === 'adjudicate') {
      const checked = checkAdjudication(entry.move, seats);
      if (!checked.ok) return bad('ILLEGAL_MOVE', `an invalid adjudication: ${checked.message}`);
      outcome = adjudicationOutcome(checked.payload, seatRows());
      continue;
    }
    const applied = engine.apply(state, entry.seat, entry.move);
    if (!applied.ok) return bad(applied.error.code, applied.error.message);
    before = state;
    state = applied.state;
    const ended = engine.outcome(state);
    if (ended) outcome = withResignations(ended, { seats: seatRows() });
  }
  return { ok: true, outcome };
}

function compareOutcome(record: RecordToVerify, outcome: GameOutcome | null): VerifyResult {
  if (record.status === 'finished' && outcome === null) return fail('OUTCOME_MISMATCH', 'the record says the game is finished, but its moves do not end it');
  if (record.status !== 'finished' && outcome !== null) return fail('OUTCOME_MISMATCH', 'the moves end the game, but the record does not say it is finished');
  if (!isDeepStrictEqual(JSON.parse(JSON.stringify(outcome)), record.outcome)) {
    return fail('OUTCOME_MISMATCH', 'the recorded outcome is not the one the replay gives');
  }
  return { valid: true, moves: record.moves.length, outcome };
}
