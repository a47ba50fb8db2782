/**
 * Each game's log-args table by game id: what the locale catalogues' messages need beyond an entry's own
 * fields (src/engine/log-words.ts).
 */
import type { LogArgsTable } from '../engine/log-words.js';
import { meutererLogArgs } from './meuterer/log-args.js';
import { navegadorLogArgs } from './navegador/log-args.js';
import { puertoRicoLogArgs } from './puerto-rico/log-args.js';
import { voyagesLogArgs } from './voyages/log-args.js';

export const LOG_ARGS: Readonly<Record<string, LogArgsTable>> = {
  'puerto-rico': puertoRicoLogArgs,
  navegador: navegadorLogArgs,
  meuterer: meutererLogArgs,
  voyages: voyagesLogArgs,
};
