/**
 * The board of each game type. A type with no board of its own (or one this client does not know)
 * gets the generic board: the view as structured data and one button per legal move.
 */
import type { Board } from './types.js';
import { GenericBoard } from './generic.js';
import { PuertoRicoBoard } from './puerto-rico.js';
import { NavegadorBoard } from './navegador.js';
import MeutererBoard from './meuterer.js';
import VoyagesBoard from './voyages.js';

export const BOARDS: Record<string, Board> = {
  'puerto-rico': PuertoRicoBoard,
  navegador: NavegadorBoard,
  meuterer: MeutererBoard,
  voyages: VoyagesBoard,
};

export function boardFor(type: string): Board {
  return BOARDS[type] ?? GenericBoard;
}
