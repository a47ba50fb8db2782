import { GenericBoard } from './generic.js';
import type { BoardProps } from './types.js';

export function NavegadorBoard(props: BoardProps) {
  return <GenericBoard {...props} />;
}
