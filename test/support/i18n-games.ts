/**
 * Shared by the locale tests: bot games of every hosted game (Voyages on each of its four maps) played
 * at the engine level, with every log entry they wrote (the setup log's too).
 */
import type { AnyGameDefinition, LogEntry } from '../../src/engine/types.js';
import { GAMES } from '../../src/games/registry.js';
import { playLogged } from './log-text-check.js';

export interface PlayedLog {
  readonly game: string;
  readonly seats: number;
  readonly entries: readonly LogEntry[];
}

const VARIANTS: Readonly<Record<string, readonly { seats: number; options: Record<string, unknown> }[]>> = {
  'puerto-rico': [{ seats: 2, options: {} }, { seats: 3, options: {} }, { seats: 5, options: {} }],
  navegador: [{ seats: 2, options: {} }, { seats: 3, options: {} }, { seats: 5, options: {} }],
  meuterer: [{ seats: 3, options: {} }, { seats: 4, options: {} }],
  voyages: [1, 2, 3, 4].flatMap((map) => [{ seats: 1, options: { map } }, { seats: 3, options: { map } }]),
};

function setupLog(game: AnyGameDefinition, seats: number, options: unknown, seed: string): readonly LogEntry[] {
  if (!game.setupLog) return [];
  const parsed = game.validateOptions(options, seats);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return game.setupLog({ seats, options: parsed.value, seed });
}

/** `perVariant` seeded bot games of each variant of each game. */
export function playedLogs(perVariant = 1): PlayedLog[] {
  const out: PlayedLog[] = [];
  for (const game of GAMES as AnyGameDefinition[]) {
    for (const { seats, options } of VARIANTS[game.id] ?? [{ seats: game.players.min, options: {} }]) {
      for (let i = 0; i < perVariant; i++) {
        const seed = `i18n-${game.id}-${seats}-${i}`;
        const moves = playLogged(game, seats, options, seed, game.bot.levels);
        out.push({ game: game.id, seats, entries: [...setupLog(game, seats, options, seed), ...moves.flatMap((m) => m.log)] });
      }
    }
  }
  return out;
}
