import { GenericBoard } from './generic.js';
import type { BoardProps } from './types.js';

export function PuertoRicoBoard(props: BoardProps) {
  return <GenericBoard {...props} />;
}
