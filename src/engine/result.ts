/** Small constructors for the contract's result values, so engines read as rules, not plumbing. */
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import type { ApplyResult, LogEntry, Result, RuleError } from './types.js';

export function ruleError(code: RuleError['code'], message: string): RuleError {
  return { code, message };
}

export function refuse(code: RuleError['code'], message: string): { ok: false; error: RuleError } {
  return { ok: false, error: ruleError(code, message) };
}

export function accept<S>(state: S, log: readonly LogEntry[] = []): ApplyResult<S> {
  return { ok: true, state, log };
}

/**
 * Fills an options object's defaults from its schema and checks it: the first half of every game's
 * `validateOptions` (the second half checks combinations the schema cannot express).
 */
export function parseWithSchema<T>(schema: TSchema, input: unknown, code: RuleError['code'] = 'INVALID_OPTIONS'): Result<T> {
  const value = Value.Default(schema, Value.Clone(input ?? {}));
  if (Value.Check(schema, value)) return { ok: true, value: value as T };
  const first = Value.Errors(schema, value)[0];
  const where = first ? `${first.instancePath || '/'} ${first.message}` : 'does not match the schema';
  return { ok: false, error: ruleError(code, `options ${where}`) };
}
